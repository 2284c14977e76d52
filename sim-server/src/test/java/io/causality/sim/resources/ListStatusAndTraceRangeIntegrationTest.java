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
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The list's status filter (its total counts the filtered rows) and the trace's tick range (the
 * same header, then only the steps of the range, each byte for byte the whole trace's).
 */
@ExtendWith(DropwizardExtensionsSupport.class)
class ListStatusAndTraceRangeIntegrationTest {
  static final DropwizardAppExtension<SimConfiguration> APP =
      SimTestFixture.app(ConfigOverride.config("rateLimits.enabled", "false"));
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String NDJSON = "application/x-ndjson";

  private static String key;
  private static String created;
  private static String stepped;
  private static SimTestFixture.Client client;

  /** A fresh organization: two simulations created, one stepped 12 ticks with a decree at 6. */
  @BeforeAll
  static void simulations() throws Exception {
    OrganizationAdmin admin = SimTestFixture.admin(APP);
    OrganizationRow org = SimTestFixture.organization(admin, "community");
    key = admin.createApiKey(org.slug(), "simulation:read,simulation:write").key();
    client = new SimTestFixture.Client(APP);
    created = create();
    stepped = create();
    post("/v1/simulations/" + stepped + "/step", "{\"ticks\":6}", 200);
    post(
        "/v1/simulations/" + stepped + "/decrees",
        "{\"type\":\"shock\",\"payload\":{\"magnitude\":1.5}}",
        201);
    post("/v1/simulations/" + stepped + "/step", "{\"ticks\":6}", 200);
  }

  private static String create() throws Exception {
    return post("/v1/simulations", "{\"scenarioId\":\"tipping-point\"}", 201).get("id").asText();
  }

  private static JsonNode post(String path, String body, int status) throws Exception {
    HttpResponse<String> response =
        client.send(
            client
                .request(path)
                .header("X-Api-Key", key)
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body)));
    assertThat(response.statusCode()).as(response.body()).isEqualTo(status);
    return JSON.readTree(response.body());
  }

  private static HttpResponse<String> get(String path, String accept) {
    return client.send(client.request(path).header("X-Api-Key", key).header("Accept", accept));
  }

  private static JsonNode json(String path, int status) throws Exception {
    HttpResponse<String> response = get(path, "application/json");
    assertThat(response.statusCode()).as(response.body()).isEqualTo(status);
    return JSON.readTree(response.body());
  }

  private static List<String> lines(String path) {
    HttpResponse<String> response = get(path, NDJSON);
    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    assertThat(response.headers().firstValue("Content-Type")).hasValue(NDJSON);
    return List.of(response.body().split("\n"));
  }

  private static List<String> issuePaths(JsonNode error) {
    List<String> paths = new ArrayList<>();
    error.get("error").get("details").get("issues").forEach(i -> paths.add(i.get("path").asText()));
    return paths;
  }

  @Test
  void theListKeepsTheStatusAskedForAndCountsOnlyThose() throws Exception {
    JsonNode createdOnes = json("/v1/simulations?status=created&limit=1", 200);
    assertThat(createdOnes.get("data").findValuesAsText("id")).containsExactly(created);
    assertThat(createdOnes.get("pagination").get("total").asLong()).isEqualTo(1);
    JsonNode paused = json("/v1/simulations?status=paused", 200);
    assertThat(paused.get("data").findValuesAsText("id")).containsExactly(stepped);
    assertThat(paused.get("data").findValuesAsText("status")).containsOnly("paused");
    JsonNode running = json("/v1/simulations?status=running", 200);
    assertThat(running.get("data")).isEmpty();
    assertThat(running.get("pagination").get("total").asLong()).isZero();
    JsonNode upperCase = json("/v1/simulations?status=PAUSED", 400);
    assertThat(upperCase.toString()).contains("must be one of created, running, paused, completed");
    JsonNode all = json("/v1/simulations", 200);
    assertThat(all.get("pagination").get("total").asLong()).isEqualTo(2);
  }

  @Test
  void anUnknownStatusIsNamed() throws Exception {
    assertThat(issuePaths(json("/v1/simulations?status=done&limit=0", 400)))
        .containsExactlyInAnyOrder("status", "limit");
  }

  @Test
  void aRangeKeepsTheHeaderAndTheStepsOfTheRangeByteForByte() {
    List<String> whole = lines("/v1/simulations/" + stepped + "/trace");
    assertThat(whole).hasSize(2 + 12);
    List<String> range = lines("/v1/simulations/" + stepped + "/trace?fromTick=5&toTick=8");
    assertThat(range.subList(0, 2)).isEqualTo(whole.subList(0, 2));
    // ticks 5 to 8 are lines 7 to 10; the decree submitted after tick 5 applies at tick 6
    assertThat(range.subList(2, range.size())).isEqualTo(whole.subList(7, 11));
    assertThat(range.get(3)).contains("\"tick\":6").contains("shock");
    // a range that starts at the decree's tick applies it once, as the whole trace does
    assertThat(lines("/v1/simulations/" + stepped + "/trace?fromTick=6&toTick=6"))
        .containsExactly(whole.get(0), whole.get(1), whole.get(8));
  }

  @Test
  void jsonHonoursTheRangeToo() throws Exception {
    JsonNode whole = json("/v1/simulations/" + stepped + "/trace", 200);
    JsonNode range = json("/v1/simulations/" + stepped + "/trace?fromTick=10", 200);
    assertThat(range.get("metadata")).isEqualTo(whole.get("metadata"));
    assertThat(range.get("initialState")).isEqualTo(whole.get("initialState"));
    assertThat(range.get("steps"))
        .containsExactly(whole.get("steps").get(10), whole.get("steps").get(11));
  }

  @Test
  void aRangePastTheComputedTicksKeepsWhatThereIs() throws Exception {
    assertThat(lines("/v1/simulations/" + stepped + "/trace?fromTick=11&toTick=500"))
        .hasSize(2 + 1);
    assertThat(lines("/v1/simulations/" + stepped + "/trace?fromTick=12")).hasSize(2);
    assertThat(lines("/v1/simulations/" + stepped + "/trace?fromTick=8&toTick=7")).hasSize(2);
    assertThat(json("/v1/simulations/" + stepped + "/trace?fromTick=40", 200).get("steps"))
        .isEmpty();
  }

  @Test
  void badBoundsAreNamed() throws Exception {
    assertThat(issuePaths(json("/v1/simulations/" + stepped + "/trace?fromTick=-1&toTick=x", 400)))
        .containsExactlyInAnyOrder("fromTick", "toTick");
    assertThat(issuePaths(json("/v1/simulations/" + stepped + "/trace?toTick=-3", 400)))
        .containsExactly("toTick");
  }
}
