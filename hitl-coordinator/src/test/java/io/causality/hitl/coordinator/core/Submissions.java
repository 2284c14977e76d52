package io.causality.hitl.coordinator.core;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.causality.hitl.protocol.wire.ProtocolJson;
import io.causality.hitl.protocol.wire.SubmitOverrideRequest;

/** Submission bodies for the core tests: a valid one and copies with one thing changed. */
final class Submissions {

  static final ObjectMapper JSON = ProtocolJson.newMapper();

  private Submissions() {}

  static ObjectNode request(String actorId, String intentId) {
    ObjectNode request =
        (ObjectNode)
            parse(
                """
                {"envelopeVersion":1,"requestId":"req-1",
                 "snapshot":{"timestamp":"2026-01-31T12:00:00Z","metrics":{"gamma":0.21}}}""");
    if (actorId != null) {
      request.put("actorId", actorId);
    }
    if (intentId != null) {
      request.put("intentId", intentId);
    }
    return request;
  }

  static ObjectNode response() {
    return (ObjectNode)
        parse(
            """
                {"envelopeVersion":1,"requestId":"req-1","decision":"REJECT_STATE",
                 "reasonCode":"GAMMA_BELOW_FLOOR","mode":"state_gate","policyVersion":4,
                 "adapterVersion":1,
                 "escalation":{"escalationType":"HUMAN_ESCALATION","gammaHeadroom":-0.14,
                               "stepsToBreach":0}}""");
  }

  /** A valid submission for an actor and intent (either may be null). */
  static SubmitOverrideRequest valid(String actorId, String intentId) {
    return new SubmitOverrideRequest(
        request(actorId, intentId), response(), "lic-1", null, null, null, "test-suite");
  }

  static SubmitOverrideRequest with(ObjectNode request, ObjectNode response, String licenseId) {
    return new SubmitOverrideRequest(request, response, licenseId, null, null, null, null);
  }

  /** A valid submission whose adaptive detail carries a failure fingerprint. */
  static SubmitOverrideRequest withFingerprint(String actorId, String fingerprint) {
    ObjectNode response = response();
    response
        .putObject("adaptive")
        .put("escalationRecommended", "HUMAN_ESCALATION")
        .put("failureFingerprint", fingerprint);
    return new SubmitOverrideRequest(
        request(actorId, "intent-1"), response, "lic-1", null, null, null, null);
  }

  static ObjectNode parseObject(String json) {
    return (ObjectNode) parse(json);
  }

  static JsonNode parse(String json) {
    try {
      return JSON.readTree(json);
    } catch (Exception e) {
      throw new IllegalArgumentException(e);
    }
  }
}
