package io.causality.sim.resources;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.causality.common.testing.Await;
import io.causality.sim.SimConfiguration;
import io.causality.sim.core.organization.OrganizationAdmin;
import io.causality.sim.db.OrganizationRow;
import io.causality.sim.events.EventsFixture;
import io.causality.sim.testing.SimTestFixture;
import io.causality.sim.testing.SseTestClient;
import io.causality.sim.testing.SseTestClient.Event;
import io.dropwizard.testing.ConfigOverride;
import io.dropwizard.testing.junit5.DropwizardAppExtension;
import io.dropwizard.testing.junit5.DropwizardExtensionsSupport;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** PUT /v1/simulations/{id}/time-control: each action, each transition, each error. */
@ExtendWith(DropwizardExtensionsSupport.class)
class TimeControlIntegrationTest {
  static final DropwizardAppExtension<SimConfiguration> APP =
      SimTestFixture.app(
          ConfigOverride.config("rateLimits.enabled", "false"),
          ConfigOverride.config("playback.baseTicksPerSecond", "100"),
          ConfigOverride.config("playback.batchInterval", "20 milliseconds"));
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Duration DEADLINE = Duration.ofSeconds(30);

  static String writer;
  static String reader;
  static String globexWriter;

  private final SimTestFixture.Client client = new SimTestFixture.Client(APP);

  @BeforeAll
  static void callers() {
    OrganizationAdmin admin = SimTestFixture.admin(APP);
    OrganizationRow acme = SimTestFixture.organization(admin, "professional");
    OrganizationRow globex = SimTestFixture.organization(admin, "professional");
    writer = admin.createApiKey(acme.slug(), "simulation:read,simulation:write").key();
    reader = admin.createApiKey(acme.slug(), "simulation:read").key();
    globexWriter = admin.createApiKey(globex.slug(), "simulation:read,simulation:write").key();
  }

  HttpResponse<String> send(String method, String path, String key, String body) {
    HttpRequest.Builder request =
        client
            .request(path)
            .header("Content-Type", "application/json")
            .method(method, HttpRequest.BodyPublishers.ofString(body));
    if (key != null) {
      request.header("X-Api-Key", key);
    }
    return client.send(request);
  }

  HttpResponse<String> control(String id, String key, String body) {
    return send("PUT", "/v1/simulations/" + id + "/time-control", key, body);
  }

  static JsonNode json(HttpResponse<String> response, int status) throws Exception {
    assertThat(response.statusCode()).as(response.body()).isEqualTo(status);
    return JSON.readTree(response.body());
  }

  static List<String> issuePaths(JsonNode body) {
    return body.get("error").get("details").get("issues").findValuesAsText("path");
  }

  String create() throws Exception {
    return json(
            send("POST", "/v1/simulations", writer, "{\"scenario\":" + EventsFixture.INLINE + "}"),
            201)
        .get("id")
        .asText();
  }

  JsonNode simulation(String id) throws Exception {
    return json(client.getWithKey("/v1/simulations/" + id, reader), 200);
  }

  /** Polls the simulation until it has computed at least {@code ticks}. */
  JsonNode awaitTicks(String id, long ticks) {
    return Await.value(
        "simulation " + id + " reaches tick " + ticks,
        DEADLINE,
        () -> Optional.of(simulation(id)).filter(s -> s.get("ticks").asLong() >= ticks));
  }

  @Test
  void playRunsTheSimulationPauseStopsItStepAdvancesOneTick() throws Exception {
    String id = create();
    assertThat(json(control(id, writer, "{\"action\":\"play\"}"), 200).get("ok").asBoolean())
        .isTrue();
    assertThat(awaitTicks(id, 5).get("status").asText()).isEqualTo("running");
    json(control(id, writer, "{\"action\":\"play\",\"speed\":0.5}"), 200);
    assertThat(simulation(id).get("status").asText()).isEqualTo("running");
    json(control(id, writer, "{\"action\":\"pause\"}"), 200);
    JsonNode paused = simulation(id);
    assertThat(paused.get("status").asText()).isEqualTo("paused");
    json(control(id, writer, "{\"action\":\"pause\"}"), 200);
    json(control(id, writer, "{\"action\":\"step\"}"), 200);
    JsonNode stepped = simulation(id);
    assertThat(stepped.get("ticks").asLong()).isEqualTo(paused.get("ticks").asLong() + 1);
    assertThat(stepped.get("status").asText()).isEqualTo("paused");
  }

  @Test
  void aFirstStepPausesACreatedSimulation() throws Exception {
    String id = create();
    json(control(id, writer, "{\"action\":\"pause\"}"), 200);
    assertThat(simulation(id).get("status").asText()).isEqualTo("created");
    json(control(id, writer, "{\"action\":\"step\",\"speed\":3}"), 200);
    JsonNode stepped = simulation(id);
    assertThat(stepped.get("status").asText()).isEqualTo("paused");
    assertThat(stepped.get("ticks").asLong()).isEqualTo(1);
  }

  @Test
  void stepsWaitTillThePlayingStops() throws Exception {
    String id = create();
    json(control(id, writer, "{\"action\":\"play\"}"), 200);
    try {
      JsonNode step = json(control(id, writer, "{\"action\":\"step\"}"), 409);
      assertThat(step.get("error").get("code").asText()).isEqualTo("CONFLICT");
      assertThat(step.get("error").get("message").asText()).contains("is playing");
      json(send("POST", "/v1/simulations/" + id + "/step", writer, "{\"ticks\":5}"), 409);
    } finally {
      json(control(id, writer, "{\"action\":\"pause\"}"), 200);
    }
  }

  @Test
  void playingStopsWhenTheSimulationCompletes() throws Exception {
    String id = create();
    try (SseTestClient events =
        SseTestClient.open(
            APP.getLocalPort(), "/v1/simulations/" + id + "/events", Map.of("X-Api-Key", reader))) {
      json(control(id, writer, "{\"action\":\"play\",\"speed\":10}"), 200);
      awaitTicks(id, 3);
      for (String agent : List.of("a1", "a2")) {
        json(
            send(
                "POST",
                "/v1/simulations/" + id + "/decrees",
                writer,
                "{\"type\":\"agent.remove\",\"payload\":{\"agentId\":\"" + agent + "\"}}"),
            201);
      }
      List<Event> seen =
          events.until(
              e -> e.name().equals("simulation:status") && e.data().contains("\"completed\""),
              DEADLINE);
      JsonNode completed = JSON.readTree(seen.get(seen.size() - 1).data());
      assertThat(completed.get("previous").asText()).isEqualTo("running");
      assertThat(completed.get("reason").asText()).isEqualTo("completed");
    }
    assertThat(simulation(id).get("status").asText()).isEqualTo("completed");
    for (String action : List.of("play", "pause", "step")) {
      JsonNode refused = json(control(id, writer, "{\"action\":\"" + action + "\"}"), 409);
      assertThat(refused.get("error").get("code").asText()).isEqualTo("CONFLICT");
      assertThat(refused.get("error").get("message").asText()).contains("is completed");
    }
  }

  @Test
  void theActionIsRequiredAndTheSpeedBounded() throws Exception {
    String id = create();
    assertThat(issuePaths(json(control(id, writer, "{}"), 400))).containsExactly("action");
    JsonNode jump = json(control(id, writer, "{\"action\":\"jump\"}"), 400);
    assertThat(jump.get("error").get("details").get("issues").get(0).get("message").asText())
        .isEqualTo("must be one of play, pause, step");
    assertThat(issuePaths(json(control(id, writer, "{\"action\":\"play\",\"speed\":0.05}"), 400)))
        .containsExactly("speed");
    assertThat(issuePaths(json(control(id, writer, "{\"action\":\"play\",\"speed\":10.5}"), 400)))
        .containsExactly("speed");
    assertThat(issuePaths(json(control(id, writer, "{\"action\":\"PLAY\",\"speed\":0}"), 400)))
        .containsExactly("action", "speed");
    assertThat(
            issuePaths(json(control(id, writer, "{\"action\":\"play\",\"speed\":\"fast\"}"), 400)))
        .containsExactly("speed");
    json(control(id, writer, "{\"action\":\"play\",\"speed\":0.1}"), 200);
    json(control(id, writer, "{\"action\":\"play\",\"speed\":10}"), 200);
    json(control(id, writer, "{\"action\":\"pause\"}"), 200);
  }

  @Test
  void callersAnswerLikeTheOtherSimulationEndpoints() throws Exception {
    String id = create();
    String play = "{\"action\":\"play\"}";
    assertThat(json(control(id, null, play), 401).get("error").get("code").asText())
        .isEqualTo("UNAUTHORIZED");
    assertThat(json(control(id, globexWriter, play), 404).get("error").get("code").asText())
        .isEqualTo("NOT_FOUND");
    assertThat(json(control(id, reader, play), 403).get("error").get("code").asText())
        .isEqualTo("FORBIDDEN");
    assertThat(
            json(control("6f1d8f38-3b5e-4f53-8d1b-5b0a4c6f2a11", writer, play), 404)
                .get("error")
                .get("code")
                .asText())
        .isEqualTo("NOT_FOUND");
    assertThat(issuePaths(json(control("nope", writer, play), 400))).containsExactly("id");
    assertThat(simulation(id).get("status").asText()).isEqualTo("created");
  }
}
