package io.causality.hitl.protocol.wire;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.causality.hitl.protocol.crypto.CanonicalJson;
import org.junit.jupiter.api.Test;

/** I-JSON numbers, read as a service reads a body: by Jackson's default mapper. */
class InteroperableNumbersTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @Test
  void numbersADoubleHoldsExactlyEnoughPass() throws Exception {
    JsonNode body =
        JSON.readTree(
            "{\"a\": 9007199254740991, \"b\": -9007199254740991, \"c\": 0.35, \"d\": 1e308,"
                + " \"e\": [1, 2.5e-300], \"f\": {\"g\": -0.0}}");

    assertThat(InteroperableNumbers.outOfRange(body, "body")).isEmpty();
    // and every such body canonicalizes
    assertThat(CanonicalJson.sha256Hex(body)).hasSize(64);
  }

  @Test
  void largerNumbersAreNamedByTheirPathsInDocumentOrder() throws Exception {
    JsonNode body =
        JSON.readTree(
            "{\"a\": 9007199254740992, \"list\": [0, "
                + "9".repeat(400)
                + "],"
                + " \"o\": {\"big\": 1e400, \"small\": -1e400}}");

    assertThat(InteroperableNumbers.outOfRange(body, "evaluationRequest"))
        .containsExactly(
            "evaluationRequest.a",
            "evaluationRequest.list[1]",
            "evaluationRequest.o.big",
            "evaluationRequest.o.small");
  }

  @Test
  void nothingToCheckIsNoIssue() {
    assertThat(InteroperableNumbers.outOfRange(null, "x")).isEmpty();
  }
}
