package io.causality.hitl.protocol.wire;

import static io.causality.hitl.protocol.TestKeys.fixture;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;

class RequestHashesTest {

  // Computed independently (Python, sorted keys, compact) from the same fixture.
  private static final String REQUEST_HASH =
      "e40a81f09523908e8b95995ca64e9dc5ccc85284eb47acb0397d136e24a1d3f1";
  private static final String ACTION_HASH =
      "cda6ccd4c56d09e9fe80304c0dfadc846adf6ed17b7ee48ce4ff3304c6062dd2";

  private final ObjectMapper mapper = ProtocolJson.newMapper();

  @Test
  void requestHashOfTheFixture() throws Exception {
    JsonNode request = mapper.readTree(fixture("wire/evaluation-request.json"));

    assertThat(RequestHashes.requestHash(request)).isEqualTo(REQUEST_HASH);
    assertThat(RequestHashes.actionHash(request)).contains(ACTION_HASH);
  }

  @Test
  void keyOrderNumberSpellingAndTheOverrideTokenDoNotChangeTheHash() throws Exception {
    JsonNode reordered = mapper.readTree(fixture("wire/evaluation-request-reordered.json"));

    assertThat(RequestHashes.requestHash(reordered)).isEqualTo(REQUEST_HASH);
    assertThat(RequestHashes.actionHash(reordered)).contains(ACTION_HASH);
  }

  @Test
  void anyOtherChangeChangesTheHash() throws Exception {
    ObjectNode request = (ObjectNode) mapper.readTree(fixture("wire/evaluation-request.json"));
    request.put("actorId", "actor-8");

    assertThat(RequestHashes.requestHash(request)).isNotEqualTo(REQUEST_HASH);
  }

  @Test
  void hashingDoesNotModifyTheRequest() throws Exception {
    JsonNode request = mapper.readTree(fixture("wire/evaluation-request-reordered.json"));

    RequestHashes.requestHash(request);

    assertThat(request.has("overrideToken")).isTrue();
  }

  @Test
  void noActionHashWithoutAnActionOrWithANullOne() throws Exception {
    assertThat(RequestHashes.actionHash(mapper.readTree("{\"a\":1}"))).isEmpty();
    assertThat(RequestHashes.actionHash(mapper.readTree("{\"action\":null}"))).isEmpty();
  }

  @Test
  void rejectsNonObjects() throws Exception {
    assertThatThrownBy(() -> RequestHashes.requestHash(mapper.readTree("[1]")))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
