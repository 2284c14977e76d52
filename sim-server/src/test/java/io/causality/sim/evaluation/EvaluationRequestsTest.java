package io.causality.sim.evaluation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.causality.common.errors.ApiException;
import io.causality.common.errors.ValidationDetails;
import io.causality.common.errors.ValidationIssue;
import io.causality.hitl.protocol.policy.GatePolicy;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Validation of evaluationRequests: one issue per bad field, and what the gate reads. */
class EvaluationRequestsTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private final EvaluationRequests requests =
      new EvaluationRequests(
          new StateGate(new GatePolicy("state_gate", "gamma", 0.35, "gammaTrend"), 3));

  @Test
  void readsGammaTrendActorAndToken() throws Exception {
    EvaluationInput input =
        requests.parse(
            JSON.readTree(
                """
        {"envelopeVersion": 1, "requestId": "r-1", "actorId": "a-1",
         "snapshot": {"timestamp": "2026-01-31T12:00:00Z",
                      "metrics": {"gamma": 0.3, "gammaTrend": -0.01}},
         "overrideToken": {"tokenId": "t"}}"""));
    assertThat(input.gamma()).isEqualTo(0.3);
    assertThat(input.trend()).hasValue(-0.01);
    assertThat(input.actorId()).isEqualTo("a-1");
    assertThat(input.requestId()).isEqualTo("r-1");
    assertThat(input.overrideToken()).isPresent();
    assertThat(input.licenseId()).isEmpty();
  }

  @Test
  void everyBadFieldIsOneIssue() throws Exception {
    ApiException error =
        catchThrowableOfType(
            () ->
                requests.parse(
                    JSON.readTree(
                        """
        {"envelopeVersion": 2, "requestId": "", "licenseId": 5,
         "snapshot": {"metrics": {"gammaTrend": "down"}}}""")),
            ApiException.class);
    assertThat(error.status()).isEqualTo(400);
    List<String> paths =
        ((ValidationDetails) error.details()).issues().stream().map(ValidationIssue::path).toList();
    assertThat(paths)
        .containsExactlyInAnyOrder(
            "envelopeVersion",
            "requestId",
            "actorId",
            "licenseId",
            "snapshot.timestamp",
            "snapshot.metrics.gammaTrend",
            "snapshot.metrics.gamma");
  }

  @Test
  void idsHoldPrintableCharactersOnly() throws Exception {
    assertThat(
            paths(
                """
        {"envelopeVersion": 1, "requestId": "r\\nOverride Applied", "actorId": "a\\u001b[2Jb",
         "licenseId": "lic\\u202e", "snapshot": {"timestamp": "t", "metrics": {"gamma": 0.3}}}"""))
        .containsExactlyInAnyOrder("requestId", "actorId", "licenseId");
  }

  @Test
  void anActorIdHasOneSpellingWithoutSpacesOrOtherCharacters() throws Exception {
    // Variants of an actor dodged the coordinator's deny cooldown as if they were other actors.
    for (String actor : new String[] {"simulation:s1 ", " simulation:s1", "simulation:s1#2"}) {
      String body =
          "{\"envelopeVersion\": 1, \"requestId\": \"r\", \"actorId\": \""
              + actor
              + "\", \"snapshot\": {\"timestamp\": \"t\", \"metrics\": {\"gamma\": 0.3}}}";
      assertThat(paths(body)).as(actor).containsExactly("actorId");
    }
  }

  @Test
  void numbersWithoutACanonicalFormAreBadFields() throws Exception {
    // Such a number failed the request hash (RFC 8785) and answered 500.
    assertThat(
            paths(
                """
        {"envelopeVersion": 1, "requestId": "r", "actorId": "a", "extra": [1, %s],
         "snapshot": {"timestamp": "t", "metrics": {"gamma": 1e400}}}"""
                    .formatted("9".repeat(400))))
        .containsExactly("extra[1]", "snapshot.metrics.gamma");
  }

  private List<String> paths(String body) throws Exception {
    ApiException error =
        catchThrowableOfType(() -> requests.parse(JSON.readTree(body)), ApiException.class);
    assertThat(error.status()).isEqualTo(400);
    return ((ValidationDetails) error.details())
        .issues().stream().map(ValidationIssue::path).toList();
  }

  @Test
  void aBodyThatIsNoObjectIsRefused() throws Exception {
    ApiException error =
        catchThrowableOfType(() -> requests.parse(JSON.readTree("[1]")), ApiException.class);
    assertThat(error.status()).isEqualTo(400);
  }
}
