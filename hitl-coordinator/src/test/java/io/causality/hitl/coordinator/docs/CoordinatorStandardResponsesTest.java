package io.causality.hitl.coordinator.docs;

import static org.assertj.core.api.Assertions.assertThat;

import io.causality.hitl.coordinator.resources.HealthzResource;
import io.causality.hitl.coordinator.resources.OverrideRequestResource;
import io.causality.hitl.coordinator.resources.OverrideRequestsResource;
import io.causality.hitl.coordinator.resources.OverrideTokensResource;
import io.swagger.v3.jaxrs2.Reader;
import io.swagger.v3.oas.integration.SwaggerConfiguration;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.responses.ApiResponses;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The coordinator's resources read with its standard responses, as a later document will be. */
class CoordinatorStandardResponsesTest {
  /**
   * The statuses each operation listed when every resource declared its own error responses, before
   * the standard responses were added by the listener: none may go missing.
   */
  private static final Map<String, String> STATUSES_LISTED_BEFORE =
      Map.of(
          "GET /healthz", "200 503",
          "GET /v1/override-requests", "200 400 401 403",
          "POST /v1/override-requests", "201 400 401 403 409",
          "GET /v1/override-requests/{id}", "200 401 403 404",
          "POST /v1/override-requests/{id}/approve", "200 400 401 403 404 409",
          "POST /v1/override-requests/{id}/deny", "200 400 401 403 404 409",
          "POST /v1/override-tokens/redeem", "200 400 401 403");

  private static Map<String, ApiResponses> operations() {
    OpenAPI openApi =
        new Reader(new SwaggerConfiguration().openAPI(new OpenAPI()))
            .read(
                Set.of(
                    HealthzResource.class,
                    OverrideRequestsResource.class,
                    OverrideRequestResource.class,
                    OverrideTokensResource.class,
                    CoordinatorStandardResponses.class));
    Map<String, ApiResponses> operations = new LinkedHashMap<>();
    openApi
        .getPaths()
        .forEach(
            (path, item) ->
                item.readOperationsMap()
                    .forEach(
                        (method, operation) ->
                            operations.put(method + " " + path, operation.getResponses())));
    return operations;
  }

  @Test
  void everyOperationKeepsTheStatusesItListedBefore() {
    Map<String, ApiResponses> operations = operations();
    assertThat(operations.keySet())
        .containsExactlyInAnyOrderElementsOf(STATUSES_LISTED_BEFORE.keySet());
    STATUSES_LISTED_BEFORE.forEach(
        (operation, statuses) ->
            assertThat(operations.get(operation).keySet())
                .as(operation)
                .containsAll(List.of(statuses.split(" "))));
  }

  @Test
  void theConflictsKeepTheirCodesAndEveryErrorIsTheEnvelope() {
    Map<String, ApiResponses> operations = operations();
    assertThat(operations.get("POST /v1/override-requests").get("409").getDescription())
        .contains("DEDUPLICATED", "DENY_COOLDOWN", "MATERIAL_CHANGE_REQUIRED");
    assertThat(
            operations.get("POST /v1/override-requests/{id}/approve").get("409").getDescription())
        .contains("INVALID_TRANSITION");
    assertThat(operations.get("GET /v1/override-requests/{id}").get("403").getDescription())
        .isEqualTo(CoordinatorStandardResponses.FORBIDDEN);
    operations.forEach(
        (name, responses) ->
            responses.forEach(
                (status, response) -> {
                  if (status.startsWith("4") && !name.equals("GET /healthz")) {
                    assertThat(response.getContent().get("application/json").getSchema().get$ref())
                        .as(name + " " + status)
                        .isEqualTo("#/components/schemas/ErrorEnvelope");
                  }
                }));
  }

  @Test
  void onlySubmitAndRedeemAreRateLimitedAndHealthNeedsNoToken() {
    Map<String, ApiResponses> operations = operations();
    Set<String> limited = Set.of("POST /v1/override-requests", "POST /v1/override-tokens/redeem");
    operations.forEach(
        (name, responses) -> {
          if (limited.contains(name)) {
            assertThat(responses.get("429").getDescription()).as(name).contains("RATE_LIMITED");
          } else {
            assertThat(responses).as(name).doesNotContainKey("429");
          }
        });
    assertThat(operations.get("GET /healthz")).doesNotContainKeys("401", "403");
  }
}
