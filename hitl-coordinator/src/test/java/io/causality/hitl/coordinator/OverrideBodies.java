package io.causality.hitl.coordinator;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** JSON bodies for the HTTP tests: a valid submission and the decision and redeem bodies. */
public final class OverrideBodies {
  private OverrideBodies() {}

  /** A valid submission: REJECT_STATE asking for HUMAN_ESCALATION, license lic-1. */
  public static ObjectNode submission(String actorId) {
    ObjectNode body = CoordinatorHttp.JSON.createObjectNode();
    ObjectNode request =
        body.putObject("evaluationRequest")
            .put("envelopeVersion", 1)
            .put("requestId", "req-" + actorId)
            .put("actorId", actorId);
    request
        .putObject("snapshot")
        .put("timestamp", "2026-01-31T12:00:00Z")
        .putObject("metrics")
        .put("gamma", 0.21);
    ObjectNode response =
        body.putObject("evaluationResponse")
            .put("envelopeVersion", 1)
            .put("requestId", "req-" + actorId)
            .put("decision", "REJECT_STATE")
            .put("reasonCode", "GAMMA_BELOW_FLOOR")
            .put("mode", "state_gate")
            .put("policyVersion", TestDeployment.POLICY_VERSION)
            .put("adapterVersion", 1);
    response
        .putObject("escalation")
        .put("escalationType", "HUMAN_ESCALATION")
        .put("gammaHeadroom", -0.14)
        .put("stepsToBreach", 0);
    body.put("licenseId", "lic-1").put("source", "http-tests");
    return body;
  }

  /** A valid submission whose adaptive detail names the failure fingerprint. */
  public static ObjectNode submission(String actorId, String fingerprint) {
    ObjectNode body = submission(actorId);
    ((ObjectNode) body.get("evaluationResponse"))
        .putObject("adaptive")
        .put("escalationRecommended", "HUMAN_ESCALATION")
        .put("failureFingerprint", fingerprint);
    return body;
  }

  public static ObjectNode approve(String keyId) {
    return CoordinatorHttp.JSON.createObjectNode().put("keyId", keyId);
  }

  public static ObjectNode deny(String keyId, String note) {
    return CoordinatorHttp.JSON.createObjectNode().put("keyId", keyId).put("operatorNote", note);
  }

  /** The redemption the runtime would send for this token of this request record. */
  public static ObjectNode redeem(JsonNode token, JsonNode record) {
    return CoordinatorHttp.JSON
        .createObjectNode()
        .put("tokenId", token.get("tokenId").asText())
        .put("requestHash", record.get("requestHash").asText())
        .put("policyVersion", TestDeployment.POLICY_VERSION)
        .put("licenseId", record.get("licenseId").asText())
        .put("actorId", record.get("actorId").asText());
  }
}
