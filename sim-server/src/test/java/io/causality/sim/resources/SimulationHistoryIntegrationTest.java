package io.causality.sim.resources;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.causality.sim.SimConfiguration;
import io.causality.sim.core.organization.OrganizationAdmin;
import io.causality.sim.db.OrganizationRow;
import io.causality.sim.testing.SimTestFixture;
import io.causality.sim.testing.SseTestClient;
import io.dropwizard.testing.ConfigOverride;
import io.dropwizard.testing.junit5.DropwizardAppExtension;
import io.dropwizard.testing.junit5.DropwizardExtensionsSupport;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A simulation's place in its organization's history: its name and note (PATCH, a merge patch), its
 * deletion (DELETE, not while running; usage stays counted), the list sorted by outcome, the
 * scenario it runs and a run of it with another seed.
 */
@ExtendWith(DropwizardExtensionsSupport.class)
class SimulationHistoryIntegrationTest {
  static final DropwizardAppExtension<SimConfiguration> APP =
      SimTestFixture.app(ConfigOverride.config("rateLimits.enabled", "false"));
  private static final ObjectMapper JSON = new ObjectMapper();

  private final SimTestFixture.Client client = new SimTestFixture.Client(APP);
  private String key;
  private String readOnly;
  private String otherKey;
  private String orgId;

  @BeforeEach
  void organization() {
    OrganizationAdmin admin = SimTestFixture.admin(APP);
    OrganizationRow org = SimTestFixture.organization(admin, "professional");
    orgId = org.id().toString();
    key = admin.createApiKey(org.slug(), "simulation:read,simulation:write,usage:read").key();
    readOnly = admin.createApiKey(org.slug(), "simulation:read").key();
    otherKey =
        admin
            .createApiKey(
                SimTestFixture.organization(admin, "professional").slug(),
                "simulation:read,simulation:write")
            .key();
  }

  @Test
  void aPatchNamesAndNotesASimulationAndLeavesItsTraceAlone() throws Exception {
    String id = stepped("stable-basins", 5);
    String trace = get("/v1/simulations/" + id + "/trace", key).body();

    JsonNode named =
        json(patch(id, "{\"label\":\" Baseline \",\"note\":\"seed 101\\nkept\"}", key, 200));
    assertThat(named.get("label").asText()).isEqualTo("Baseline");
    assertThat(named.get("note").asText()).isEqualTo("seed 101\nkept");
    // a member left out stays; null clears; a blank string clears
    JsonNode kept = json(patch(id, "{\"note\":null}", key, 200));
    assertThat(kept.get("label").asText()).isEqualTo("Baseline");
    assertThat(kept.get("note").isNull()).isTrue();
    assertThat(json(patch(id, "{\"label\":\"  \"}", key, 200)).get("label").isNull()).isTrue();
    patch(id, "{\"label\":\"Again\"}", key, 200);
    // the list shows them, and the simulation is as it was: same trace, and it still steps
    assertThat(json(get("/v1/simulations", key)).get("data").get(0).get("label").asText())
        .isEqualTo("Again");
    assertThat(get("/v1/simulations/" + id + "/trace", key).body()).isEqualTo(trace);
    post("/v1/simulations/" + id + "/step", "{\"ticks\":1}", key, 200);
  }

  @Test
  void aBadPatchNamesEachBadMemberAndChangesNothing() throws Exception {
    String id = stepped("stable-basins", 1);
    patch(id, "{\"label\":\"Kept\"}", key, 200);

    JsonNode bad =
        json(
            patch(
                id,
                "{\"label\":\"" + "x".repeat(101) + "\",\"note\":\"\\u001b[2Jcleared\"}",
                key,
                400));
    List<String> paths = new ArrayList<>();
    bad.get("error").get("details").get("issues").forEach(i -> paths.add(i.get("path").asText()));
    assertThat(paths).containsExactly("label", "note");
    assertThat(json(patch(id, "{\"label\":7}", key, 400)).toString()).contains("must be a string");
    assertThat(json(patch(id, "{\"title\":\"x\"}", key, 400)).toString()).contains("title");
    assertThat(json(get("/v1/simulations/" + id, key)).get("label").asText()).isEqualTo("Kept");
    assertThat(json(get("/v1/simulations/" + id, key)).get("note").isNull()).isTrue();
  }

  @Test
  void aPatchAnswersTheErrorsOfEverySimulationEndpoint() {
    String id = stepped("stable-basins", 1);
    patch(id, "{\"label\":\"x\"}", readOnly, 403);
    assertThat(patch(id, "{\"label\":\"x\"}", otherKey, -1).statusCode()).isIn(401, 404);
    patch("00000000-0000-4000-8000-000000000000", "{\"label\":\"x\"}", key, 404);
  }

  @Test
  void aDeletedSimulationIsGoneWithItsInputsAndItsRunStaysCounted() throws Exception {
    String id = stepped("chaos-storm", 3);
    post(
        "/v1/simulations/" + id + "/decrees",
        "{\"type\":\"shock\",\"payload\":{\"magnitude\":1}}",
        key,
        201);
    post("/v1/simulations/" + id + "/step", "{\"ticks\":2}", key, 200);
    long runs = usage().get("simulationRuns").asLong();
    long ticks = usage().get("tickCount").asLong();

    assertThat(delete(id, key).statusCode()).isEqualTo(204);

    for (String path :
        List.of("", "/trace", "/decrees", "/prophecies", "/event-log", "/scenario")) {
      assertThat(get("/v1/simulations/" + id + path, key).statusCode()).as(path).isEqualTo(404);
    }
    assertThat(json(get("/v1/simulations", key)).get("data").toString()).doesNotContain(id);
    // usage counts what was created and computed: a deletion gives nothing back
    assertThat(usage().get("simulationRuns").asLong()).isEqualTo(runs);
    assertThat(usage().get("tickCount").asLong()).isEqualTo(ticks);
    assertThat(delete(id, key).statusCode()).isEqualTo(404);
  }

  @Test
  void aRunningSimulationIsNotDeletedAndOthersMayNotDelete() throws Exception {
    String id = stepped("stable-basins", 1);
    timeControl(id, "{\"action\":\"play\",\"speed\":0.1}");
    try {
      HttpResponse<String> running = delete(id, key);
      assertThat(running.statusCode()).isEqualTo(409);
      assertThat(json(running).get("error").get("message").asText()).contains("pause it");
    } finally {
      timeControl(id, "{\"action\":\"pause\"}");
    }
    assertThat(delete(id, readOnly).statusCode()).isEqualTo(403);
    assertThat(delete(id, otherKey).statusCode()).isIn(401, 404);
    assertThat(get("/v1/simulations/" + id, key).statusCode()).isEqualTo(200);
  }

  @Test
  void theStreamsOfADeletedSimulationAreToldAndEnd() throws Exception {
    String id = stepped("stable-basins", 1);
    try (SseTestClient stream =
        SseTestClient.open(
            APP.getLocalPort(), "/v1/simulations/" + id + "/events", Map.of("X-Api-Key", key))) {
      assertThat(stream.status()).isEqualTo(200);

      delete(id, key);

      List<SseTestClient.Event> told =
          stream.until(e -> e.name().equals("error"), Duration.ofSeconds(10));
      assertThat(told.get(told.size() - 1).data()).contains("\"code\":\"DELETED\"");
      assertThat(stream.endsWithin(Duration.ofSeconds(10))).isTrue();
    }
  }

  @Test
  void theListSortsByTheOutcomeEitherWayWithTheUnstartedLast() throws Exception {
    String calm = stepped("stable-basins", 30);
    String storm = stepped("collapse-cascade", 120);
    String unstarted = create("{\"scenarioId\":\"migration\"}");

    List<String> byB = ids("/v1/simulations?sort=b&order=asc");
    assertThat(byB).containsSubsequence(storm, calm, unstarted);
    assertThat(b(byB.get(0))).isLessThanOrEqualTo(b(byB.get(1)));
    List<String> byBDown = ids("/v1/simulations?sort=b&order=desc");
    assertThat(byBDown).containsSubsequence(calm, storm, unstarted);
    List<String> byLosses = ids("/v1/simulations?sort=losses&order=desc");
    assertThat(byLosses).containsSubsequence(storm, calm, unstarted);
    assertThat(ids("/v1/simulations?sort=createdAt&order=asc"))
        .containsExactly(calm, storm, unstarted);
    assertThat(ids("/v1/simulations")).containsExactly(unstarted, storm, calm);
    JsonNode bad = json(get("/v1/simulations?sort=colour&order=up", key));
    List<String> paths = new ArrayList<>();
    bad.get("error").get("details").get("issues").forEach(i -> paths.add(i.get("path").asText()));
    assertThat(paths).containsExactlyInAnyOrder("sort", "order");
  }

  @Test
  void theScenarioOfASimulationMakesItAgainAndASeedMakesAnotherRun() throws Exception {
    String id = stepped("prophecy-loop", 20);
    JsonNode scenario = json(get("/v1/simulations/" + id + "/scenario", key));
    assertThat(scenario.get("id").asText()).isEqualTo("prophecy-loop");

    // sent back inline, the same simulation: the same trace, byte for byte
    String again = create("{\"scenario\":" + scenario + "}");
    post("/v1/simulations/" + again + "/step", "{\"ticks\":20}", key, 200);
    assertThat(steps(again)).isEqualTo(steps(id));
    // the same pre-built scenario with another seed: its id kept, another run
    long seed = scenario.get("seed").asLong() + 1;
    JsonNode reseeded =
        json(
            post(
                "/v1/simulations",
                "{\"scenarioId\":\"prophecy-loop\",\"seed\":" + seed + "}",
                key,
                201));
    assertThat(reseeded.get("scenarioId").asText()).isEqualTo("prophecy-loop");
    String other = reseeded.get("id").asText();
    assertThat(json(get("/v1/simulations/" + other + "/scenario", key)).get("seed").asLong())
        .isEqualTo(seed);
    post("/v1/simulations/" + other + "/step", "{\"ticks\":20}", key, 200);
    assertThat(steps(other)).isNotEqualTo(steps(id));
    assertThat(
            json(get("/v1/simulations/" + other + "/trace", key))
                .get("metadata")
                .get("seed")
                .asLong())
        .isEqualTo(seed);
    // seeds stay within what every JSON reader holds exactly
    JsonNode big =
        json(
            post(
                "/v1/simulations",
                "{\"scenarioId\":\"prophecy-loop\",\"seed\":9007199254740992}",
                key,
                400));
    assertThat(big.get("error").get("details").get("issues").get(0).get("path").asText())
        .isEqualTo("seed");
    assertThat(get("/v1/simulations/" + id + "/scenario", otherKey).statusCode()).isIn(401, 404);
  }

  private String steps(String id) throws Exception {
    return json(get("/v1/simulations/" + id + "/trace", key)).get("steps").toString();
  }

  private List<String> ids(String path) throws Exception {
    List<String> ids = new ArrayList<>();
    json(get(path, key)).get("data").forEach(s -> ids.add(s.get("id").asText()));
    return ids;
  }

  private double b(String id) throws Exception {
    return json(get("/v1/simulations/" + id, key)).get("state").get("b").asDouble();
  }

  private JsonNode usage() throws Exception {
    return json(get("/v1/organizations/" + orgId + "/usage/summary", key));
  }

  private String stepped(String scenario, int ticks) {
    String id = create("{\"scenarioId\":\"" + scenario + "\"}");
    post("/v1/simulations/" + id + "/step", "{\"ticks\":" + ticks + "}", key, 200);
    return id;
  }

  private String create(String body) {
    try {
      return json(post("/v1/simulations", body, key, 201)).get("id").asText();
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  private void timeControl(String id, String body) {
    HttpResponse<String> answer =
        client.send(
            client
                .request("/v1/simulations/" + id + "/time-control")
                .header("X-Api-Key", key)
                .header("Content-Type", "application/json")
                .PUT(HttpRequest.BodyPublishers.ofString(body)));
    assertThat(answer.statusCode()).as(answer.body()).isEqualTo(200);
  }

  private HttpResponse<String> post(String path, String body, String apiKey, int status) {
    HttpResponse<String> answer =
        client.send(
            client
                .request(path)
                .header("X-Api-Key", apiKey)
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body)));
    assertThat(answer.statusCode()).as(answer.body()).isEqualTo(status);
    return answer;
  }

  private HttpResponse<String> patch(String id, String body, String apiKey, int status) {
    HttpResponse<String> answer =
        client.send(
            client
                .request("/v1/simulations/" + id)
                .header("X-Api-Key", apiKey)
                .header("Content-Type", "application/merge-patch+json")
                .method("PATCH", HttpRequest.BodyPublishers.ofString(body)));
    if (status > 0) {
      assertThat(answer.statusCode()).as(answer.body()).isEqualTo(status);
    }
    return answer;
  }

  private HttpResponse<String> delete(String id, String apiKey) {
    return client.send(
        client.request("/v1/simulations/" + id).header("X-Api-Key", apiKey).DELETE());
  }

  private HttpResponse<String> get(String path, String apiKey) {
    return client.getWithKey(path, apiKey);
  }

  private static JsonNode json(HttpResponse<String> answer) throws Exception {
    return JSON.readTree(answer.body());
  }
}
