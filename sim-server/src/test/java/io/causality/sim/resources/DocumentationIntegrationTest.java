package io.causality.sim.resources;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.causality.sim.SimConfiguration;
import io.causality.sim.testing.SimTestFixture;
import io.dropwizard.testing.junit5.DropwizardAppExtension;
import io.dropwizard.testing.junit5.DropwizardExtensionsSupport;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** /v1/openapi.json and /v1/docs: public, OpenAPI 3.1, self-contained. */
@ExtendWith(DropwizardExtensionsSupport.class)
class DocumentationIntegrationTest {
  static final DropwizardAppExtension<SimConfiguration> APP = SimTestFixture.app();
  private static final ObjectMapper JSON = new ObjectMapper();

  /** Every path of the spec (shared/spec/simulation-service-api.md), as OpenAPI writes it. */
  private static final List<String> SPEC_PATHS =
      List.of(
          "/v1/simulations",
          "/v1/simulations/from-domain",
          "/v1/simulations/run",
          "/v1/simulations/{id}",
          "/v1/simulations/{id}/step",
          "/v1/simulations/{id}/trace",
          "/v1/simulations/{id}/agent-policy",
          "/v1/simulations/{id}/time-control",
          "/v1/simulations/{id}/decrees",
          "/v1/simulations/{id}/prophecies",
          "/v1/simulations/{id}/events",
          "/v1/scenarios",
          "/v1/scenarios/{id}",
          "/v1/organizations",
          "/v1/organizations/{id}",
          "/v1/organizations/{orgId}/license",
          "/v1/organizations/{orgId}/usage/summary",
          "/v1/organizations/{orgId}/usage/history",
          "/v1/health",
          "/v1/openapi.json",
          "/v1/docs");

  private final SimTestFixture.Client client = new SimTestFixture.Client(APP);

  private JsonNode document() throws Exception {
    HttpResponse<String> response = client.send(client.request("/v1/openapi.json"));
    assertThat(response.statusCode()).isEqualTo(200);
    return JSON.readTree(response.body());
  }

  @Test
  void documentIsOpenApi31WithEverySpecPath() throws Exception {
    JsonNode document = document();
    assertThat(document.get("openapi").asText()).isEqualTo("3.1.0");
    List<String> paths = new ArrayList<>();
    document.get("paths").fieldNames().forEachRemaining(paths::add);
    assertThat(paths).containsAll(SPEC_PATHS);
  }

  @Test
  void protectedOperationsDeclareBothSecuritySchemesAndTheirErrors() throws Exception {
    JsonNode document = document();
    JsonNode schemes = document.get("components").get("securitySchemes");
    assertThat(schemes.get("apiKey").get("name").asText()).isEqualTo("X-Api-Key");
    assertThat(schemes.get("bearer").get("scheme").asText()).isEqualTo("bearer");
    JsonNode list = document.get("paths").get("/v1/organizations").get("get");
    assertThat(list.get("security").toString()).contains("apiKey").contains("bearer");
    assertThat(list.get("responses").has("401")).isTrue();
    assertThat(list.get("responses").get("200").get("content").toString())
        .contains("DataListOrganizationSummary");
  }

  @Test
  void publicOperationsDeclareAnEmptySecurityRequirement() throws Exception {
    JsonNode paths = document().get("paths");
    for (String path :
        List.of("/v1/health", "/v1/health/live", "/v1/scenarios", "/v1/openapi.json", "/v1/docs")) {
      JsonNode security = paths.get(path).get("get").get("security");
      assertThat(security).as(path).isNotNull();
      assertThat(security.isArray() && security.isEmpty()).as(path).isTrue();
    }
  }

  @Test
  void docsPageLoadsSwaggerUiFromThisServer() {
    HttpResponse<String> page = client.send(client.request("/v1/docs"));
    assertThat(page.statusCode()).isEqualTo(200);
    assertThat(page.body())
        .contains("/v1/openapi.json")
        .contains("/v1/docs/swagger-ui-bundle.js")
        .doesNotContain("https://");
    HttpResponse<String> bundle = client.send(client.request("/v1/docs/swagger-ui-bundle.js"));
    assertThat(bundle.statusCode()).isEqualTo(200);
    assertThat(bundle.body().length()).isGreaterThan(100_000);
  }

  @Test
  void unknownDocsAssetIs404() {
    assertThat(client.send(client.request("/v1/docs/../../etc/passwd")).statusCode())
        .isEqualTo(404);
    assertThat(client.send(client.request("/v1/docs/secret.js")).statusCode()).isEqualTo(404);
  }
}
