package io.causality.sim.resources;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.causality.sim.SimConfiguration;
import io.causality.sim.core.organization.OrganizationAdmin;
import io.causality.sim.db.OrganizationRow;
import io.causality.sim.testing.SimTestFixture;
import io.dropwizard.testing.ConfigOverride;
import io.dropwizard.testing.junit5.DropwizardAppExtension;
import io.dropwizard.testing.junit5.DropwizardExtensionsSupport;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Typed path, query and header parameters: a value Jersey cannot convert is a 400 VALIDATION_ERROR
 * naming it, together with every other bad parameter of the request; and the JSON or NDJSON variant
 * of an endpoint is chosen by Jersey from the Accept header.
 */
@ExtendWith(DropwizardExtensionsSupport.class)
class ParametersIntegrationTest {
  static final DropwizardAppExtension<SimConfiguration> APP =
      SimTestFixture.app(ConfigOverride.config("rateLimits.enabled", "false"));
  private static final ObjectMapper JSON = new ObjectMapper();

  private static String key;
  private static String simulation;
  private final SimTestFixture.Client client = new SimTestFixture.Client(APP);

  @BeforeAll
  static void aSimulationThatHasRun() throws Exception {
    OrganizationAdmin admin = SimTestFixture.admin(APP);
    OrganizationRow org = SimTestFixture.organization(admin, "community");
    key = admin.createApiKey(org.slug(), "simulation:read,simulation:write").key();
    SimTestFixture.Client client = new SimTestFixture.Client(APP);
    HttpResponse<String> run =
        client.send(
            client
                .request("/v1/simulations/run")
                .header("X-Api-Key", key)
                .header("Content-Type", "application/json")
                .POST(
                    HttpRequest.BodyPublishers.ofString(
                        "{\"scenarioId\":\"tipping-point\",\"ticks\":3}")));
    assertThat(run.statusCode()).as(run.body()).isEqualTo(200);
    simulation = JSON.readTree(run.body()).get("simulationId").asText();
  }

  private JsonNode error(String path, int status) throws Exception {
    HttpResponse<String> response = client.getWithKey(path, key);
    assertThat(response.statusCode()).as(response.body()).isEqualTo(status);
    JsonNode error = JSON.readTree(response.body()).get("error");
    assertThat(error.get("code").asText()).isEqualTo("VALIDATION_ERROR");
    return error;
  }

  private List<String> issuePaths(String path) throws Exception {
    return error(path, 400).get("details").get("issues").findValuesAsText("path");
  }

  @Test
  void aValueThatIsNotAnIntegerIsNamedWithTheOtherBadParameters() throws Exception {
    assertThat(issuePaths("/v1/simulations/" + simulation + "/decrees?limit=abc&offset=-1"))
        .containsExactlyInAnyOrder("limit", "offset");
    assertThat(issuePaths("/v1/simulations?limit=1.5")).containsExactly("limit");
  }

  @Test
  void aBadPathIdIsNamedWithTheBadQueryParameters() throws Exception {
    assertThat(issuePaths("/v1/simulations/xyz/prophecies?order=sideways&limit=0"))
        .containsExactlyInAnyOrder("id", "order", "limit");
  }

  @Test
  void aBadPathIdIsNamedWithABadLastEventId() throws Exception {
    HttpResponse<String> response =
        client.send(
            client
                .request("/v1/simulations/not-a-uuid/events")
                .header("X-Api-Key", key)
                .header("Accept", "text/event-stream")
                .header("Last-Event-ID", "abc"));
    assertThat(response.statusCode()).as(response.body()).isEqualTo(400);
    assertThat(
            JSON.readTree(response.body())
                .get("error")
                .get("details")
                .get("issues")
                .findValuesAsText("path"))
        .containsExactlyInAnyOrder("id", "Last-Event-ID");
  }

  @Test
  void onlyTheCanonicalUuidFormIsAnId() throws Exception {
    assertThat(issuePaths("/v1/simulations/1-2-3-4-5")).containsExactly("id");
    JsonNode error = error("/v1/simulations/1-2-3-4-5/trace", 400);
    assertThat(error.get("message").asText()).contains("id").contains("UUID");
  }

  @Test
  void emptyValuesTakeTheDefaultsAndOrderItsOneCase() throws Exception {
    HttpResponse<String> page =
        client.getWithKey("/v1/simulations/" + simulation + "/prophecies?limit=&order=desc", key);
    assertThat(page.statusCode()).as(page.body()).isEqualTo(200);
    assertThat(JSON.readTree(page.body()).get("pagination").get("limit").asInt()).isEqualTo(50);
    HttpResponse<String> upper =
        client.getWithKey("/v1/simulations/" + simulation + "/prophecies?order=DESC", key);
    assertThat(upper.statusCode()).isEqualTo(400);
    assertThat(upper.body()).contains("\"path\":\"order\"").contains("must be one of asc, desc");
  }

  /**
   * Every enum query parameter the document lists, on every GET (experiments', the list's sort and
   * the agents of traces and streams included): a value in another letter case is a 400 naming the
   * parameter and its allowed values, alongside an issue for each other bad parameter of the
   * request; the value as listed is accepted.
   */
  @Test
  void everyEnumParameterTakesTheOneCaseTheDocumentLists() throws Exception {
    JsonNode document = JSON.readTree(client.getWithKey("/v1/openapi.json", key).body());
    List<String> checked = new ArrayList<>();
    document
        .get("paths")
        .fields()
        .forEachRemaining(
            path -> {
              JsonNode get = path.getValue().path("get");
              Map<String, List<String>> enums = new LinkedHashMap<>();
              for (JsonNode parameter : get.path("parameters")) {
                JsonNode schema = parameter.path("schema");
                if (schema.has("$ref")) {
                  schema = document.at(schema.get("$ref").asText().substring(1));
                }
                if ("query".equals(parameter.path("in").asText()) && schema.has("enum")) {
                  List<String> values = new ArrayList<>();
                  schema.get("enum").forEach(v -> values.add(v.asText()));
                  enums.put(parameter.get("name").asText(), values);
                }
              }
              if (enums.isEmpty()) {
                return;
              }
              String url = path.getKey().replace("{id}", idFor(path.getKey()));
              boolean paged = get.path("parameters").toString().contains("\"offset\"");
              StringBuilder wrong = new StringBuilder(paged ? "?offset=-1" : "?");
              enums.forEach(
                  (name, values) ->
                      wrong.append('&').append(name).append('=').append(otherCase(values.get(0))));
              JsonNode issues = issuesOf(url + wrong);
              List<String> expected = new ArrayList<>(enums.keySet());
              if (paged) {
                expected.add("offset");
              }
              assertThat(issues.findValuesAsText("path"))
                  .as(url + wrong)
                  .containsExactlyInAnyOrderElementsOf(expected);
              enums.forEach(
                  (name, values) ->
                      assertThat(issues.toString())
                          .as(name)
                          .contains("must be one of " + String.join(", ", values)));
              if (!get.at("/responses/200/content").has("text/event-stream")) {
                StringBuilder listed = new StringBuilder("?");
                enums.forEach(
                    (name, values) ->
                        listed.append('&').append(name).append('=').append(values.get(0)));
                HttpResponse<String> ok = client.getWithKey(url + listed, key);
                assertThat(ok.statusCode()).as(url + listed + " " + ok.body()).isNotEqualTo(400);
              }
              checked.add(path.getKey() + " " + enums.keySet());
            });
    assertThat(String.join("\n", checked))
        .contains("/v1/simulations [status, sort, order]")
        .contains("/v1/simulations/{id}/trace [agents]")
        .contains("/v1/simulations/{id}/events [agents]")
        .contains("/v1/experiments [status]");
  }

  private static String idFor(String path) {
    // a simulation that has run for its routes; any id for the others (a parameter's 400 comes
    // before the lookup of the id)
    return path.startsWith("/v1/simulations/") ? simulation : UUID.randomUUID().toString();
  }

  private static String otherCase(String value) {
    String upper = value.toUpperCase(Locale.ROOT);
    return upper.equals(value) ? value.toLowerCase(Locale.ROOT) : upper;
  }

  private JsonNode issuesOf(String path) {
    try {
      return error(path, 400).get("details").get("issues");
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  private HttpResponse<String> trace(String accept) {
    HttpRequest.Builder request =
        client.request("/v1/simulations/" + simulation + "/trace").header("X-Api-Key", key);
    return client.send(accept == null ? request : request.header("Accept", accept));
  }

  @Test
  void theTraceIsJsonUnlessNdjsonIsPreferred() {
    assertThat(trace(null).headers().firstValue("Content-Type")).hasValue("application/json");
    assertThat(trace("*/*").headers().firstValue("Content-Type")).hasValue("application/json");
    assertThat(trace("application/json, application/x-ndjson;q=0.5").body()).startsWith("{");
    HttpResponse<String> ndjson = trace("application/x-ndjson, application/json;q=0.1");
    assertThat(ndjson.headers().firstValue("Content-Type")).hasValue("application/x-ndjson");
    assertThat(ndjson.body().lines()).hasSize(5); // metadata, initialState, 3 steps
    assertThat(trace("text/html").statusCode()).isEqualTo(406);
  }
}
