package io.causality.sim.evaluation;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.causality.hitl.protocol.client.CoordinatorClient;
import io.causality.hitl.protocol.crypto.KeyPairs;
import io.causality.hitl.protocol.policy.DeploymentPolicy;
import io.causality.hitl.protocol.policy.GatePolicy;
import io.causality.hitl.protocol.policy.OverrideTokenVerifier;
import io.causality.hitl.protocol.wire.OverrideFailureReason;
import java.net.URI;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.jdbi.v3.core.Jdbi;
import org.junit.jupiter.api.Test;

/** The evaluator without a coordinator: the gate, and when a token is looked at at all. */
class EvaluatorTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private final GatePolicy gatePolicy = new GatePolicy("state_gate", "gamma", 0.35, "gammaTrend");
  private final DeploymentPolicy policy = new DeploymentPolicy(4, List.of(), null, gatePolicy);
  private final StateGate gate = StateGate.of(policy);
  // Nothing listens on port 1: a call would be CoordinatorUnavailable, which no test expects.
  private final Evaluator evaluator =
      new Evaluator(
          gate,
          new OverrideRedemption(
              new OverrideTokenVerifier(policy, Clock.systemUTC()),
              new CoordinatorClient(
                  URI.create("http://127.0.0.1:1"), Duration.ofMillis(200), Optional.empty()),
              policy.policyVersion(),
              KeyPairs.generate(2048, new SecureRandom()).getPublic(),
              // never opened: no token here passes the local checks
              new AppliedTokens(Jdbi.create("jdbc:h2:mem:unused"), Clock.systemUTC()),
              new SecureRandom()));

  private EvaluationInput input(double gamma, String token) throws Exception {
    return new EvaluationRequests(gate)
        .parse(
            JSON.readTree(
                """
        {"envelopeVersion": 1, "requestId": "r", "actorId": "a",
         "snapshot": {"timestamp": "t", "metrics": {"gamma": %s, "gammaTrend": -0.01}}
         %s}"""
                    .formatted(gamma, token == null ? "" : ", \"overrideToken\": " + token)));
  }

  @Test
  void aPassIgnoresTheTokenAndRedeemsNothing() throws Exception {
    EvaluationResponse response = evaluator.evaluate(input(0.5, "{\"tokenId\": \"x\"}"), "lic");
    assertThat(response.decision()).isEqualTo("PASS");
    assertThat(response.escalation().escalationType()).isEqualTo("NONE");
    assertThat(response.escalation().stepsToBreach()).isEqualTo(16);
    assertThat(response.overrideOutcome()).isNull();
  }

  @Test
  void aRejectionCarriesTheEscalationAndThePolicyVersion() throws Exception {
    EvaluationResponse response = evaluator.evaluate(input(0.3, null), "lic");
    assertThat(response.decision()).isEqualTo("REJECT_STATE");
    assertThat(response.reasonCode()).isEqualTo("GAMMA_BELOW_FLOOR");
    assertThat(response.escalation().escalationType()).isEqualTo("HUMAN_ESCALATION");
    assertThat(response.policyVersion()).isEqualTo(4);
    assertThat(response.adapterVersion()).isEqualTo(1);
    assertThat(response.overrideOutcome()).isNull();
  }

  @Test
  void aTokenOfAnUnknownKeyIsInvalidSignatureBeforeAnyCall() throws Exception {
    EvaluationResponse response =
        evaluator.evaluate(
            input(
                0.3,
                "{\"tokenId\": \"x\", \"keyId\": \"nobody\", \"alg\": \"PS256\", \"payload\": \"{}\","
                    + " \"signature\": \"AA\"}"),
            "lic");
    assertThat(response.decision()).isEqualTo("REJECT_STATE");
    assertThat(response.overrideOutcome().failureReason())
        .isEqualTo(OverrideFailureReason.INVALID_SIGNATURE);
    assertThat(response.overrideOutcome().tokenId()).isEqualTo("x");
  }
}
