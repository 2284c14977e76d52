package io.causality.hitl.coordinator.docs;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.causality.hitl.coordinator.CoordinatorApplication;
import io.causality.hitl.coordinator.CoordinatorConfiguration;
import io.causality.hitl.coordinator.CoordinatorHttp;
import io.causality.hitl.coordinator.TestDeployment;
import io.dropwizard.testing.ResourceHelpers;
import io.dropwizard.testing.junit5.DropwizardAppExtension;
import io.dropwizard.testing.junit5.DropwizardExtensionsSupport;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The coordinator's /v1/openapi.json and /v1/docs: public, OpenAPI 3.1, every endpoint. */
@ExtendWith(DropwizardExtensionsSupport.class)
class CoordinatorDocumentationIntegrationTest {
  static final TestDeployment DEPLOYMENT = TestDeployment.plain();
  static final Path DATA = DEPLOYMENT.dir();

  static final DropwizardAppExtension<CoordinatorConfiguration> APP =
      new DropwizardAppExtension<>(
          CoordinatorApplication.class,
          ResourceHelpers.resourceFilePath("configs/minimal.yml"),
          DEPLOYMENT.overrides("dbPath", DATA.resolve("coordinator").toString()));

  private JsonNode document() {
    CoordinatorHttp.Answer answer = new CoordinatorHttp(APP.getLocalPort()).get("/v1/openapi.json");
    assertThat(answer.status()).isEqualTo(200);
    return answer.body();
  }

  @Test
  void everyEndpointIsDescribedWithAReadableOperationId() {
    JsonNode document = document();
    assertThat(document.get("openapi").asText()).isEqualTo("3.1.0");
    List<String> paths = new ArrayList<>();
    document.get("paths").fieldNames().forEachRemaining(paths::add);
    assertThat(paths)
        .contains(
            "/v1/override-requests",
            "/v1/override-requests/{id}",
            "/v1/override-requests/{id}/approve",
            "/v1/override-requests/{id}/deny",
            "/v1/override-tokens/redeem",
            "/v1/audit-events",
            "/v1/audit-events/stream",
            "/healthz",
            "/v1/openapi.json",
            "/v1/docs");
    List<String> ids = new ArrayList<>();
    document
        .get("paths")
        .forEach(path -> path.forEach(op -> ids.add(op.path("operationId").asText())));
    assertThat(ids)
        .doesNotHaveDuplicates()
        .allMatch(id -> id.matches("[a-z][A-Za-z]+"))
        .contains("submitOverride", "approveOverride", "redeemOverrideToken")
        .noneMatch(id -> id.endsWith("Request"));
    assertThat(document.at("/info/license/identifier").asText()).isNotBlank();
  }

  @Test
  void callersUseTheBearerSchemeAndPublicOperationsNone() {
    JsonNode document = document();
    assertThat(document.at("/components/securitySchemes/bearer/scheme").asText())
        .isEqualTo("bearer");
    assertThat(document.at("/paths/~1v1~1override-requests/post/security").toString())
        .contains("bearer");
    assertThat(document.at("/paths/~1healthz/get/security").isEmpty()).isTrue();
    assertThat(
            document.at("/paths/~1v1~1override-requests/post/responses/409/description").asText())
        .contains("DEDUPLICATED");
    assertThat(
            document
                .at("/paths/~1v1~1override-requests/post/responses/429/headers")
                .has("Retry-After"))
        .isTrue();
  }

  @Test
  void theTokenEnvelopeAndTheErrorEnvelopeAreTyped() {
    JsonNode schemas = document().get("components").get("schemas");
    JsonNode envelope = schemas.get("OverrideTokenEnvelope");
    assertThat(envelope.get("required").toString()).contains("signature").contains("payload");
    assertThat(envelope.at("/properties/payload/contentSchema/$ref").asText())
        .isEqualTo("#/components/schemas/TokenPayload");
    assertThat(schemas.at("/ApiError/discriminator/mapping/INVALID_TRANSITION").asText())
        .isEqualTo("#/components/schemas/InvalidTransitionError");
    assertThat(schemas.at("/InvalidTransitionError/properties/details/$ref").asText())
        .isEqualTo("#/components/schemas/TransitionDetails");
    assertThat(schemas.at("/TransitionDetails/properties/status/$ref").asText())
        .isEqualTo("#/components/schemas/OverrideStatus");
    assertThat(schemas.at("/ValidationDetails/properties/issues/items/$ref").asText())
        .isEqualTo("#/components/schemas/ValidationIssue");
    assertThat(schemas.at("/PlainError/properties/code/not/enum").toString())
        .contains("VALIDATION_ERROR", "DENY_COOLDOWN");
    assertThat(schemas.has("JsonNode")).isFalse();
    assertThat(schemas.has("ErrorDetails")).isFalse();
  }

  @Test
  void approveAnswersOneSchemaWhoseOutcomeTellsItsTwoShapesApart() {
    JsonNode document = document();
    JsonNode approve = document.at("/paths/~1v1~1override-requests~1{id}~1approve/post");
    for (String status : List.of("200", "202")) {
      assertThat(
              approve
                  .at("/responses/" + status + "/content/application~1json/schema/$ref")
                  .asText())
          .isEqualTo("#/components/schemas/ApprovalOutcome");
    }
    assertThat(approve.at("/requestBody/required").asBoolean()).isTrue();
    assertThat(document.at("/components/schemas/ApprovalOutcome/discriminator/mapping").toString())
        .contains("TOKEN_ISSUED", "AWAITING_APPROVALS");
  }

  @Test
  void everyBodyIsRequiredAndTheStreamIsLeftToSseClients() {
    JsonNode paths = document().get("paths");
    paths.forEach(
        path ->
            path.forEach(
                operation -> {
                  if (operation.has("requestBody")) {
                    assertThat(operation.at("/requestBody/required").asBoolean())
                        .as(operation.path("operationId").asText())
                        .isTrue();
                  }
                }));
    JsonNode stream = paths.at("/~1v1~1audit-events~1stream/get");
    assertThat(stream.get("x-internal").asBoolean()).isTrue();
    assertThat(
            stream
                .at("/responses/200/content/text~1event-stream/schema/contentSchema/$ref")
                .asText())
        .isEqualTo("#/components/schemas/AuditStreamEvent");
  }

  @Test
  void theRateLimitHeadersAndTheChallengeAreDocumentedInTheCoordinatorsWords() {
    JsonNode document = document();
    JsonNode submit = document.at("/paths/~1v1~1override-requests/post/responses");
    for (String status : List.of("201", "400", "409", "429")) {
      assertThat(submit.at("/" + status + "/headers").has("X-RateLimit-Reset")).as(status).isTrue();
    }
    assertThat(submit.at("/401/headers").has("X-RateLimit-Limit")).isFalse();
    assertThat(submit.at("/401/headers/WWW-Authenticate/$ref").asText())
        .isEqualTo("#/components/headers/WWWAuthenticate");
    assertThat(document.at("/components/headers/XRateLimitLimit/description").asText())
        .contains("submissions")
        .doesNotContain("tier");
    assertThat(document.at("/components/headers/WWWAuthenticate/description").asText())
        .contains("Bearer realm=\"hitl-coordinator\"");
  }

  @Test
  void docsPageServesSwaggerUiWithoutTheOnlineValidator() {
    CoordinatorHttp http = new CoordinatorHttp(APP.getLocalPort());
    CoordinatorHttp.Answer page = http.get("/v1/docs");
    assertThat(page.status()).isEqualTo(200);
    assertThat(page.text()).contains("/v1/docs/swagger-initializer.js").doesNotContain("<script>");
    assertThat(page.headers().firstValue("Content-Security-Policy"))
        .hasValueSatisfying(csp -> assertThat(csp).contains("script-src 'self';"));
    assertThat(page.headers().firstValue("X-Frame-Options")).hasValue("DENY");
    assertThat(page.headers().firstValue("X-Content-Type-Options")).hasValue("nosniff");
    assertThat(http.get("/v1/docs/swagger-initializer.js").text())
        .contains("/v1/openapi.json")
        .contains("validatorUrl: null");
  }
}
