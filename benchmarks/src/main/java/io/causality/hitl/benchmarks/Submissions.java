package io.causality.hitl.benchmarks;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.causality.hitl.protocol.wire.OverrideTokenEnvelope;
import io.causality.hitl.protocol.wire.OverrideTokens;
import io.causality.hitl.protocol.wire.ProtocolJson;
import io.causality.hitl.protocol.wire.RedeemRequest;
import io.causality.hitl.protocol.wire.SubmitOverrideRequest;

/**
 * The bodies the load drivers send through the one {@link
 * io.causality.hitl.protocol.client.CoordinatorClient} (the soak too): a valid submission per
 * actor, and the redemption a token's own payload binds.
 */
public final class Submissions {

  public static final ObjectMapper JSON = ProtocolJson.newMapper();

  private Submissions() {}

  /**
   * REJECT_STATE asking for HUMAN_ESCALATION, for a fresh actor so that dedupe never refuses it.
   */
  public static SubmitOverrideRequest submission(String actorId, String licenseId) {
    ObjectNode request =
        JSON.createObjectNode()
            .put("envelopeVersion", 1)
            .put("requestId", "bench-" + actorId)
            .put("actorId", actorId);
    request
        .putObject("snapshot")
        .put("timestamp", "2026-01-31T12:00:00Z")
        .putObject("metrics")
        .put("gamma", 0.21);
    ObjectNode response =
        JSON.createObjectNode()
            .put("envelopeVersion", 1)
            .put("requestId", "bench-" + actorId)
            .put("decision", "REJECT_STATE")
            .put("reasonCode", "GAMMA_BELOW_FLOOR")
            .put("mode", "state_gate")
            .put("policyVersion", 1)
            .put("adapterVersion", 1);
    response
        .putObject("escalation")
        .put("escalationType", "HUMAN_ESCALATION")
        .put("gammaHeadroom", -0.14)
        .put("stepsToBreach", 0);
    return new SubmitOverrideRequest(request, response, licenseId, null, null, null, "bench");
  }

  /** {@link #submission(String, String)} with the benchmarks' license. */
  static SubmitOverrideRequest submission(String actorId) {
    return submission(actorId, "lic-bench");
  }

  /** The redemption of a token with the binding its own payload names. */
  public static RedeemRequest redemptionOf(OverrideTokenEnvelope token) {
    var payload = OverrideTokens.parsePayload(token.payload()).orElseThrow();
    return new RedeemRequest(
        payload.tokenId(),
        payload.requestHash(),
        payload.policyVersion(),
        payload.licenseId(),
        payload.actorId());
  }
}
