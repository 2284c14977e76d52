package io.causality.common.openapi;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;

class HttpConventionsTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  private static ObjectNode document() throws Exception {
    String json =
        "{'paths': {'/v1/things': {"
            + "'post': {'requestBody': {}, 'responses': {'201': {'content': {"
            + "  'application/json;qs=1': {'schema': {'$ref': '#/components/schemas/Thing'}}}},"
            + "  '401': {'description': 'who?'}, '429': {'description': 'limited'}}},"
            + "'get': {'parameters': [{'name': 'q', 'in': 'header', 'schema': {'type': 'string', 'example': 41}}],"
            + "  'responses': {'200': {}}}}},"
            + " 'components': {'schemas': {'Thing': {'type': 'object', 'required': ['name'],"
            + "  'properties': {'name': {'type': 'string', 'minLength': 0},"
            + "                 'note': {'type': 'string', 'minLength': 0}}},"
            + "  'Other': {'type': 'object', 'required': ['code', 'path', 'kind', 'text'],"
            + "  'properties': {'code': {'type': ['string', 'null']},"
            + "                 'path': {'type': 'string', 'x-allow-empty': true},"
            + "                 'kind': {'type': 'string', 'enum': ['a']},"
            + "                 'text': {'type': 'string', 'minLength': 3}}}}}}";
    return (ObjectNode) JSON.readTree(json.replace('\'', '"'));
  }

  private static final RateLimitDocs LIMITS =
      new RateLimitDocs(
          "limit words",
          "remaining words",
          "reset words",
          "retry words",
          status -> status.startsWith("2") || "409".equals(status));

  private static ObjectNode completed() throws Exception {
    ObjectNode document = document();
    new HttpConventions(op -> op.startsWith("POST"), op -> op.startsWith("POST"), LIMITS, "things")
        .accept(document);
    return document;
  }

  @Test
  void aPathListsItsOperationsGetFirstDeleteAfterPatch() throws Exception {
    ObjectNode document = document();
    ObjectNode path = (ObjectNode) document.at("/paths/~1v1~1things");
    path.putObject("delete").putObject("responses").putObject("204");
    path.putObject("patch").putObject("responses").putObject("200");
    new HttpConventions(op -> false, op -> false, LIMITS, "things").accept(document);
    java.util.List<String> methods = new java.util.ArrayList<>();
    document.at("/paths/~1v1~1things").fieldNames().forEachRemaining(methods::add);
    assertThat(methods).containsExactly("get", "post", "patch", "delete");
  }

  @Test
  void everyOperationTakesAndAnswersTheRequestId() throws Exception {
    ObjectNode document = completed();
    assertThat(document.at("/paths/~1v1~1things/get/parameters").toString())
        .contains("#/components/parameters/XRequestId");
    assertThat(
            document.at("/paths/~1v1~1things/get/responses/200/headers/X-Request-Id/$ref").asText())
        .isEqualTo("#/components/headers/XRequestId");
  }

  @Test
  void rateLimitedAndIdempotentOperationsGetTheirHeadersAndAnswers() throws Exception {
    ObjectNode post = (ObjectNode) completed().at("/paths/~1v1~1things/post");
    assertThat(post.get("parameters").toString()).contains("IdempotencyKey");
    assertThat(post.at("/responses/201/headers").toString())
        .contains("X-RateLimit-Remaining")
        .contains("Idempotency-Replayed");
    assertThat(post.at("/responses/429/headers/Retry-After").isObject()).isTrue();
    assertThat(post.at("/responses/429/headers").has("X-RateLimit-Limit")).isTrue();
    assertThat(post.at("/responses/409/headers").has("X-RateLimit-Limit")).isTrue();
    assertThat(post.at("/responses/413/headers").has("X-RateLimit-Limit")).isFalse();
    assertThat(post.at("/responses/401/headers/WWW-Authenticate/$ref").asText())
        .isEqualTo("#/components/headers/WWWAuthenticate");
    assertThat(post.at("/responses/409/description").asText()).contains("IDEMPOTENCY_KEY_REUSE");
    assertThat(post.at("/responses").has("413")).isTrue();
    assertThat(post.at("/responses").has("415")).isTrue();
    ObjectNode get = (ObjectNode) completed().at("/paths/~1v1~1things/get");
    assertThat(get.get("parameters").toString()).doesNotContain("IdempotencyKey");
    assertThat(get.at("/responses/200/headers").has("X-RateLimit-Limit")).isFalse();
    assertThat(get.at("/responses").has("406")).isTrue();
  }

  @Test
  void weightsMinLengthZeroAndNumericTextExamplesAreRemoved() throws Exception {
    ObjectNode document = completed();
    assertThat(document.toString()).doesNotContain(";qs=");
    assertThat(
            document
                .at("/paths/~1v1~1things/post/responses/201/content/application~1json")
                .isObject())
        .isTrue();
    assertThat(document.at("/components/schemas/Thing/properties/name/minLength").asInt())
        .isEqualTo(1);
    assertThat(document.at("/components/schemas/Thing/properties/note").has("minLength")).isFalse();
    assertThat(document.at("/paths/~1v1~1things/get/parameters/0/schema/example").isTextual())
        .isTrue();
  }

  @Test
  void onlyTheComponentsSomeOperationUsesAreKept() throws Exception {
    ObjectNode document = document();
    new HttpConventions(op -> false, op -> false, LIMITS, "things").accept(document);
    assertThat(document.at("/components/parameters").has("IdempotencyKey")).isFalse();
    assertThat(document.at("/components/headers").has("RetryAfter")).isFalse();
    assertThat(document.at("/components/headers").has("XRequestId")).isTrue();
  }

  @Test
  void theRateLimitHeadersAreWordedByTheService() throws Exception {
    ObjectNode headers = (ObjectNode) completed().at("/components/headers");
    assertThat(headers.at("/XRateLimitLimit/description").asText()).isEqualTo("limit words");
    assertThat(headers.at("/XRateLimitReset/description").asText()).isEqualTo("reset words");
    assertThat(headers.at("/RetryAfter/description").asText()).isEqualTo("retry words");
    assertThat(headers.at("/WWWAuthenticate/schema/example").asText())
        .isEqualTo("Bearer realm=\"things\"");
  }

  @Test
  void everyRequiredFreeTextIsAtLeastOneCharacterUnlessItMayBeEmpty() throws Exception {
    ObjectNode other = (ObjectNode) completed().at("/components/schemas/Other/properties");
    assertThat(other.at("/code/minLength").asInt()).isEqualTo(1);
    assertThat(other.at("/path/minLength").asInt()).isZero();
    assertThat(other.at("/path").has("x-allow-empty")).isFalse();
    assertThat(other.at("/kind/minLength").asInt()).isEqualTo(1);
    assertThat(other.at("/text/minLength").asInt()).isEqualTo(3);
  }
}
