package io.causality.sim.resources;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.causality.sim.SimConfiguration;
import io.causality.sim.core.organization.OrganizationAdmin;
import io.causality.sim.testing.SimTestFixture;
import io.causality.sim.testing.SseTestClient;
import io.dropwizard.testing.ConfigOverride;
import io.dropwizard.testing.junit5.DropwizardAppExtension;
import io.dropwizard.testing.junit5.DropwizardExtensionsSupport;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Simulations at scale through the API: sizes per license tier, {@code agents=} on traces,
 * create-and-run and event streams (with the default above a tier's threshold), and the answer of
 * create-and-run, computed with its ticks, byte for byte the stored simulation's trace.
 */
@ExtendWith(DropwizardExtensionsSupport.class)
class ScaleIntegrationTest {
  static final DropwizardAppExtension<SimConfiguration> APP =
      SimTestFixture.app(
          ConfigOverride.config("rateLimits.enabled", "false"),
          ConfigOverride.config("engine.threads", "2"));
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Duration DEADLINE = Duration.ofSeconds(30);

  static String community;
  static String professional;

  private final SimTestFixture.Client client = new SimTestFixture.Client(APP);

  @BeforeAll
  static void callers() {
    OrganizationAdmin admin = SimTestFixture.admin(APP);
    String scopes = "simulation:read,simulation:write";
    community =
        admin.createApiKey(SimTestFixture.organization(admin, "community").slug(), scopes).key();
    professional =
        admin.createApiKey(SimTestFixture.organization(admin, "professional").slug(), scopes).key();
  }

  /** An inline scenario of {@code agents} agents around {@code attractors} basins. */
  static ObjectNode scenario(int agents, int attractors) {
    ObjectNode root = JSON.createObjectNode().put("seed", 5);
    ObjectNode initial = root.putObject("initialState");
    initial.putObject("grid").put("width", 1000).put("height", 1000);
    ArrayNode basins = initial.putArray("attractors");
    for (int a = 0; a < attractors; a++) {
      basins
          .addObject()
          .put("name", "b" + a)
          .put("x", 20 + (a % 16) * 60)
          .put("y", 20 + (a / 16) * 60)
          .put("strength", 10)
          .put("radius", 20);
    }
    ArrayNode list = root.putArray("agents");
    for (int i = 0; i < agents; i++) {
      int home = attractors == 0 ? 0 : i % attractors;
      ObjectNode agent = list.addObject().put("id", "a" + i);
      agent
          .putObject("marker")
          .put("x", 20 + (home % 16) * 60 + (i % 9) - 4)
          .put("y", 20 + (home / 16) * 60 + (i % 7) - 3);
      agent.putObject("policy").put("lambda", i % 5 == 0 ? 3 : 0.4).put("gamma", 0.3);
    }
    return root;
  }

  HttpResponse<String> send(String method, String path, String key, String body) {
    return send(method, path, key, body, "application/json");
  }

  HttpResponse<String> send(String method, String path, String key, String body, String accept) {
    return client.send(
        client
            .request(path)
            .header("X-Api-Key", key)
            .header("Content-Type", "application/json")
            .header("Accept", accept)
            .method(method, HttpRequest.BodyPublishers.ofString(body)));
  }

  HttpResponse<String> get(String path, String key, String accept) {
    return client.send(client.request(path).header("X-Api-Key", key).header("Accept", accept));
  }

  static JsonNode json(HttpResponse<String> response, int status) throws Exception {
    assertThat(response.statusCode()).as(response.body()).isEqualTo(status);
    return JSON.readTree(response.body());
  }

  static JsonNode onlyIssue(JsonNode body) {
    assertThat(body.get("error").get("code").asText()).isEqualTo("VALIDATION_ERROR");
    JsonNode issues = body.get("error").get("details").get("issues");
    assertThat(issues).hasSize(1);
    return issues.get(0);
  }

  String create(String key, ObjectNode scenario) throws Exception {
    String body = JSON.createObjectNode().set("scenario", scenario).toString();
    return json(send("POST", "/v1/simulations", key, body), 201).get("id").asText();
  }

  @Nested
  class Sizes {
    @Test
    void aCommunityScenarioHasAtMost2000Agents() throws Exception {
      String body = JSON.createObjectNode().set("scenario", scenario(2_001, 2)).toString();
      JsonNode issue = onlyIssue(json(send("POST", "/v1/simulations", community, body), 400));
      assertThat(issue.get("path").asText()).isEqualTo("scenario.agents");
      assertThat(issue.get("message").asText())
          .isEqualTo("must have between 1 and 2000 items (the limit of the community license)");
    }

    @Test
    void aProfessionalScenarioMayHaveMore() throws Exception {
      String id = create(professional, scenario(2_001, 2));
      JsonNode state = json(get("/v1/simulations/" + id, professional, "application/json"), 200);
      assertThat(state.get("state").get("agents").get("alive").asInt()).isEqualTo(2_001);
    }

    @Test
    void attractorsAreBoundedByTheTierAlsoAfterDecrees() throws Exception {
      String body = JSON.createObjectNode().set("scenario", scenario(10, 33)).toString();
      JsonNode issue = onlyIssue(json(send("POST", "/v1/simulations", community, body), 400));
      assertThat(issue.get("path").asText()).isEqualTo("scenario.initialState.attractors");
      assertThat(issue.get("message").asText())
          .isEqualTo("must have between 0 and 32 items (the limit of the community license)");

      String decree =
          "{\"type\":\"attractor.add\",\"payload\":"
              + "{\"name\":\"extra\",\"x\":500,\"y\":500,\"strength\":5,\"radius\":10}}";
      String full = create(community, scenario(10, 32));
      JsonNode refused =
          onlyIssue(
              json(send("POST", "/v1/simulations/" + full + "/decrees", community, decree), 400));
      assertThat(refused.get("path").asText()).isEqualTo("payload");
      assertThat(refused.get("message").asText())
          .isEqualTo("at most 32 attractors (the limit of the community license)");
      String roomy = create(professional, scenario(10, 32));
      json(send("POST", "/v1/simulations/" + roomy + "/decrees", professional, decree), 201);
    }

    @Test
    void aDomainsScenarioIsBoundedToo() throws Exception {
      String input =
          "{\"domain\":\"epidemic\",\"input\":{\"transmissibility\":0.3,\"recovery\":0.2,"
              + "\"regions\":[{\"name\":\"north\",\"population\":1500,\"infected\":3},"
              + "{\"name\":\"south\",\"population\":600,\"infected\":0}]}}";
      JsonNode issue =
          onlyIssue(json(send("POST", "/v1/simulations/from-domain", community, input), 400));
      assertThat(issue.get("path").asText()).isEqualTo("input");
      assertThat(issue.get("message").asText())
          .isEqualTo(
              "the scenario has 2100 agents; at most 2000 (the limit of the community license)");
      json(send("POST", "/v1/simulations/from-domain", professional, input), 201);
    }
  }

  @Nested
  class Agents {
    @Test
    void aTraceCarriesTheAgentsAskedFor() throws Exception {
      String id = create(community, scenario(40, 3));
      json(send("POST", "/v1/simulations/" + id + "/step", community, "{\"ticks\":30}"), 200);
      String path = "/v1/simulations/" + id + "/trace";
      JsonNode all = json(get(path, community, "application/json"), 200);
      assertThat(all.get("metadata").has("agentsShown")).isFalse();
      assertThat(all.get("steps").get(0).get("agents")).hasSize(40);
      assertThat(json(get(path + "?agents=all", community, "application/json"), 200))
          .isEqualTo(all);
      // one letter case, the document's (docs/api-contract.md)
      json(get(path + "?agents=ALL", community, "application/json"), 400);

      JsonNode none = json(get(path + "?agents=none", community, "application/json"), 200);
      assertThat(none.get("metadata").get("agentsShown").asText()).isEqualTo("none");
      assertThat(none.get("initialState").get("agents")).isEmpty();
      for (int t = 0; t < 30; t++) {
        assertThat(none.get("steps").get(t).get("agents")).isEmpty();
        assertThat(none.get("steps").get(t).get("state"))
            .isEqualTo(all.get("steps").get(t).get("state"));
      }

      String[] lines =
          get(path + "?agents=changed&fromTick=10", community, "application/x-ndjson")
              .body()
              .split("\n");
      assertThat(lines).hasSize(22);
      assertThat(JSON.readTree(lines[0]).get("metadata").get("agentsShown").asText())
          .isEqualTo("changed");
      int changed = 0;
      for (int k = 2; k < lines.length; k++) {
        changed += JSON.readTree(lines[k]).get("agents").size();
      }
      assertThat(changed).as("the stormy agents stray and are lost").isPositive().isLessThan(400);
    }

    @Test
    void aBadValueNamesTheParameter() throws Exception {
      String id = create(community, scenario(5, 1));
      json(send("POST", "/v1/simulations/" + id + "/step", community, "{\"ticks\":1}"), 200);
      JsonNode body =
          json(
              get("/v1/simulations/" + id + "/trace?agents=some", community, "application/json"),
              400);
      assertThat(body.get("error").get("details").get("issues").findValuesAsText("path"))
          .containsExactly("agents");
    }

    @Test
    void aboveTheTiersThresholdTracesShowTheChangedAgentsUnlessAskedForAll() throws Exception {
      String id = create(professional, scenario(5_001, 4));
      json(send("POST", "/v1/simulations/" + id + "/step", professional, "{\"ticks\":3}"), 200);
      String path = "/v1/simulations/" + id + "/trace";
      JsonNode shown = json(get(path, professional, "application/json"), 200);
      assertThat(shown.get("metadata").get("agentsShown").asText()).isEqualTo("changed");
      assertThat(shown.get("initialState").get("agents")).hasSize(5_001);
      assertThat(shown.get("steps").get(2).get("agents").size()).isLessThan(5_001);
      JsonNode all = json(get(path + "?agents=all", professional, "application/json"), 200);
      assertThat(all.get("steps").get(2).get("agents")).hasSize(5_001);
    }

    @Test
    void anEventStreamCarriesTheAgentsAskedFor() throws Exception {
      String id = create(professional, scenario(30, 2));
      try (SseTestClient none = stream(id, "none");
          SseTestClient all = stream(id, null)) {
        assertThat(none.status()).isEqualTo(200);
        json(send("POST", "/v1/simulations/" + id + "/step", professional, "{\"ticks\":5}"), 200);
        List<SseTestClient.Event> fromNone = none.until(e -> isTick(e, 4), DEADLINE);
        List<SseTestClient.Event> fromAll = all.until(e -> isTick(e, 4), DEADLINE);
        assertThat(ids(fromNone)).isEqualTo(ids(fromAll));
        for (int k = 0; k < fromNone.size(); k++) {
          if (fromNone.get(k).name().equals("tick")) {
            JsonNode bare = JSON.readTree(fromNone.get(k).data());
            JsonNode whole = JSON.readTree(fromAll.get(k).data());
            assertThat(bare.get("agents")).isEmpty();
            assertThat(whole.get("agents")).hasSize(30);
            assertThat(bare.get("state")).isEqualTo(whole.get("state"));
          }
        }
      }
      // a resume reads the ticks back from storage with the same selection
      try (SseTestClient resumed =
          SseTestClient.open(
              APP.getLocalPort(),
              "/v1/simulations/" + id + "/events?agents=none",
              Map.of("X-Api-Key", professional, "Last-Event-ID", "0-0"))) {
        List<SseTestClient.Event> replayed = resumed.until(e -> isTick(e, 4), DEADLINE);
        assertThat(replayed.stream().filter(e -> e.name().equals("tick")))
            .hasSize(5)
            .allSatisfy(e -> assertThat(e.data()).contains("\"agents\":[]"));
      }
    }

    private SseTestClient stream(String id, String agents) {
      String query = agents == null ? "" : "?agents=" + agents;
      // a professional organization may hold five streams at once
      return SseTestClient.open(
          APP.getLocalPort(),
          "/v1/simulations/" + id + "/events" + query,
          Map.of("X-Api-Key", professional));
    }

    private static boolean isTick(SseTestClient.Event event, long t) {
      return event.name().equals("tick") && event.data().startsWith("{\"t\":" + t + ",");
    }

    private static List<String> ids(List<SseTestClient.Event> events) {
      return events.stream().map(SseTestClient.Event::id).toList();
    }
  }

  @Nested
  class Snapshots {
    @Test
    void aLongStepLeavesSnapshotsAtTheIntervalAsShortStepsDo() throws Exception {
      String id = create(community, scenario(20, 2));
      json(send("POST", "/v1/simulations/" + id + "/step", community, "{\"ticks\":2500}"), 200);
      json(send("POST", "/v1/simulations/" + id + "/step", community, "{\"ticks\":600}"), 200);
      List<Long> ticks =
          SimTestFixture.jdbi(APP)
              .withHandle(
                  h ->
                      h.createQuery(
                              "SELECT tick FROM simulation_snapshots WHERE simulation_id = :id"
                                  + " ORDER BY tick")
                          .bind("id", java.util.UUID.fromString(id))
                          .mapTo(Long.class)
                          .list());
      assertThat(ticks).containsExactly(1_000L, 2_000L, 3_000L);
      // a trace range read from the snapshot inside the long step is the whole trace's
      String path = "/v1/simulations/" + id + "/trace";
      String[] range =
          get(path + "?fromTick=2010&toTick=2011", community, "application/x-ndjson")
              .body()
              .split("\n");
      String[] whole = get(path, community, "application/x-ndjson").body().split("\n");
      assertThat(range).hasSize(4);
      assertThat(range[2]).isEqualTo(whole[2 + 2010]);
      assertThat(range[3]).isEqualTo(whole[2 + 2011]);
    }
  }

  @Nested
  class Run {
    @Test
    void theAnswerIsTheStoredSimulationsTraceByteForByte() throws Exception {
      String run = "{\"scenarioId\":\"chaos-storm\",\"ticks\":120}";
      HttpResponse<String> answer = send("POST", "/v1/simulations/run", community, run);
      JsonNode body = json(answer, 200);
      String id = body.get("simulationId").asText();
      String trace = get("/v1/simulations/" + id + "/trace", community, "application/json").body();
      String expected =
          "{\"simulationId\":\"" + id + "\",\"engineVersion\":\"1.0.0\",\"trace\":" + trace + "}";
      assertThat(answer.body()).isEqualTo(expected);
    }

    @Test
    void anNdjsonAnswerWithChangedAgentsIsTheTraceOfTheSameForm() throws Exception {
      String run = "{\"scenarioId\":\"chaos-storm\",\"ticks\":60}";
      HttpResponse<String> answer =
          send(
              "POST", "/v1/simulations/run?agents=changed", community, run, "application/x-ndjson");
      assertThat(answer.statusCode()).isEqualTo(200);
      String id = answer.headers().firstValue("X-Simulation-Id").orElseThrow();
      String trace =
          get("/v1/simulations/" + id + "/trace?agents=changed", community, "application/x-ndjson")
              .body();
      assertThat(answer.body()).isEqualTo(trace);
      assertThat(JSON.readTree(answer.body().split("\n")[0]).get("metadata").get("agentsShown"))
          .hasToString("\"changed\"");
    }
  }
}
