package io.causality.common.testing;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import org.junit.jupiter.api.Test;

class ContractCheckTest {
  private static final String DOCUMENT =
      """
      {"openapi": "3.1.0", "paths": {
        "/v1/things/{id}": {"get": {"responses": {
          "200": {"content": {"application/json": {"schema": {"$ref": "#/components/schemas/Thing"}}}},
          "404": {"content": {"application/json": {"schema": {"$ref": "#/components/schemas/ErrorEnvelope"}}}}}}},
        "/v1/things/special": {"get": {"responses": {
          "200": {"content": {"application/json": {"schema": {"type": "array"}}}}}}}},
       "components": {"schemas": {
         "Thing": {"type": "object", "required": ["id", "note"],
                   "properties": {"id": {"type": "integer"}, "note": {"type": ["string", "null"]}}},
         "ErrorEnvelope": {"type": "object", "required": ["error"],
                           "properties": {"error": {"type": "object"}}}}}}
      """;

  private final ContractCheck check = check();

  private static ContractCheck check() {
    try {
      return ContractCheck.of(new ObjectMapper().readTree(DOCUMENT));
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  private List<String> problems(String path, int status, String body) {
    return check.problems("GET", path, status, "application/json; charset=utf-8", body);
  }

  @Test
  void anAnswerThatMatchesItsSchemaHasNoProblem() {
    assertThat(problems("/v1/things/7", 200, "{\"id\": 7, \"note\": null}")).isEmpty();
  }

  @Test
  void aMemberOfTheWrongTypeOrMissingIsAProblem() {
    assertThat(problems("/v1/things/7", 200, "{\"id\": \"seven\", \"note\": \"x\"}"))
        .singleElement()
        .asString()
        .contains("id");
    assertThat(problems("/v1/things/7", 200, "{\"id\": 7}"))
        .singleElement()
        .asString()
        .contains("note");
  }

  @Test
  void anUndocumentedStatusIsAProblem() {
    assertThat(problems("/v1/things/7", 409, "{\"error\": {}}"))
        .containsExactly("status 409 is not documented");
  }

  @Test
  void theMostLiteralTemplateWins() {
    assertThat(problems("/v1/things/special", 200, "[]")).isEmpty();
    assertThat(problems("/v1/things/special", 200, "{}")).isNotEmpty();
  }

  @Test
  void errorsOfUndocumentedPathsMustBeEnvelopes() {
    assertThat(problems("/v1/nowhere", 404, "{\"error\": {}}")).isEmpty();
    assertThat(problems("/v1/nowhere", 404, "{\"message\": \"no\"}")).isNotEmpty();
  }

  @Test
  void otherMediaTypesAreNotValidated() {
    assertThat(check.problems("GET", "/v1/things/7", 200, "application/x-ndjson", "{}\n{}"))
        .isEmpty();
  }
}
