package io.causality.sim.events;

import static io.causality.sim.testing.EventIds.numbered;
import static io.causality.sim.testing.EventIds.tick;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.causality.sim.SimApplication;
import io.causality.sim.SimConfiguration;
import io.causality.sim.core.organization.OrganizationAdmin;
import io.causality.sim.db.OrganizationRow;
import io.causality.sim.db.SimulationDao;
import io.causality.sim.db.SimulationRow;
import io.causality.sim.db.StatusChangeDao;
import io.causality.sim.db.StatusChangeRow;
import io.causality.sim.testing.SimTestFixture;
import io.causality.sim.testing.SseTestClient;
import io.causality.sim.testing.SseTestClient.Event;
import io.dropwizard.testing.ConfigOverride;
import io.dropwizard.testing.DropwizardTestSupport;
import io.dropwizard.testing.ResourceHelpers;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A stop pauses what plays and tells the streams; ids name the same events after a restart; a
 * simulation a crashed process left running comes back paused, with nothing lost.
 */
class LiveRestartIntegrationTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Duration DEADLINE = Duration.ofSeconds(30);
  private final HttpClient http =
      HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

  @TempDir Path directory;

  private DropwizardTestSupport<SimConfiguration> app() {
    List<ConfigOverride> overrides =
        new ArrayList<>(SimTestFixture.databaseOverrides(directory.resolve("sim")));
    overrides.addAll(
        List.of(
            ConfigOverride.config("rateLimits.enabled", "false"),
            ConfigOverride.config("events.heartbeatInterval", "200 milliseconds"),
            ConfigOverride.config("playback.baseTicksPerSecond", "100"),
            ConfigOverride.config("playback.batchInterval", "20 milliseconds")));
    return new DropwizardTestSupport<>(
        SimApplication.class,
        ResourceHelpers.resourceFilePath("configs/minimal.yml"),
        overrides.toArray(ConfigOverride[]::new));
  }

  private JsonNode call(
      DropwizardTestSupport<SimConfiguration> app,
      String method,
      String path,
      String key,
      String body)
      throws Exception {
    HttpResponse<String> response =
        http.send(
            HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + app.getLocalPort() + path))
                .header("X-Api-Key", key)
                .header("Content-Type", "application/json")
                .method(
                    method,
                    body == null
                        ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(body))
                .build(),
            HttpResponse.BodyHandlers.ofString());
    assertThat(response.statusCode()).as(response.body()).isBetween(200, 201);
    return JSON.readTree(response.body());
  }

  private static SseTestClient stream(
      DropwizardTestSupport<SimConfiguration> app, String id, Map<String, String> headers) {
    SseTestClient events =
        SseTestClient.open(app.getLocalPort(), "/v1/simulations/" + id + "/events", headers);
    assertThat(events.status()).isEqualTo(200);
    return events;
  }

  private static boolean isTick(Event event, long t) {
    return event.name().equals("tick") && event.data().startsWith("{\"t\":" + t + ",");
  }

  @Test
  void aStopPausesWhatPlaysTellsTheStreamsAndIdsSurviveTheRestart() throws Exception {
    DropwizardTestSupport<SimConfiguration> first = app();
    first.before();
    String key = apiKey(first);
    String id = create(first, key);
    List<Event> live = new ArrayList<>();
    try (SseTestClient events = stream(first, id, Map.of("X-Api-Key", key))) {
      call(
          first,
          "PUT",
          "/v1/simulations/" + id + "/time-control",
          key,
          "{\"action\":\"play\",\"speed\":10}");
      live.addAll(events.until(e -> isTick(e, 60), DEADLINE));
      first.after();
      live.addAll(events.until(e -> e.name().equals("error"), DEADLINE));
      assertThat(events.endsWithin(DEADLINE)).isTrue();
    }
    Event error = live.get(live.size() - 1);
    assertThat(JSON.readTree(error.data()).get("code").asText()).isEqualTo("SHUTDOWN");
    List<Event> numbered = numbered(live);
    Event paused = numbered.get(numbered.size() - 1);
    JsonNode pausedData = JSON.readTree(paused.data());
    assertThat(pausedData.get("status").asText()).isEqualTo("paused");
    assertThat(pausedData.get("reason").asText()).isEqualTo("shutdown");
    assertThat(error.id()).isEqualTo(paused.id());

    DropwizardTestSupport<SimConfiguration> second = app();
    second.before();
    try {
      JsonNode simulation = call(second, "GET", "/v1/simulations/" + id, key, null);
      assertThat(simulation.get("status").asText()).isEqualTo("paused");
      assertThat(simulation.get("ticks").asLong()).isEqualTo(tick(paused));
      Event resumeAfter = numbered.stream().filter(e -> isTick(e, 20)).findFirst().orElseThrow();
      try (SseTestClient resumed =
          stream(second, id, Map.of("X-Api-Key", key, "Last-Event-ID", resumeAfter.id()))) {
        List<Event> replayed = numbered(resumed.until(e -> e.id().equals(paused.id()), DEADLINE));
        assertThat(replayed)
            .containsExactlyElementsOf(
                numbered.subList(numbered.indexOf(resumeAfter) + 1, numbered.size()));
      }
    } finally {
      second.after();
    }
  }

  @Test
  void aSimulationACrashLeftRunningComesBackPaused() throws Exception {
    DropwizardTestSupport<SimConfiguration> first = app();
    first.before();
    String key;
    String id;
    long ticks;
    try {
      key = apiKey(first);
      id = create(first, key);
      call(first, "POST", "/v1/simulations/" + id + "/step", key, "{\"ticks\":30}");
      ticks = call(first, "GET", "/v1/simulations/" + id, key, null).get("ticks").asLong();
    } finally {
      first.after();
    }
    leftRunning(UUID.fromString(id));
    DropwizardTestSupport<SimConfiguration> second = app();
    second.before();
    try {
      JsonNode simulation = call(second, "GET", "/v1/simulations/" + id, key, null);
      assertThat(simulation.get("status").asText()).isEqualTo("paused");
      assertThat(simulation.get("ticks").asLong()).isEqualTo(ticks);
      try (SseTestClient events =
          stream(second, id, Map.of("X-Api-Key", key, "Last-Event-ID", ticks + "-1"))) {
        List<Event> changes =
            numbered(events.until(e -> e.data().contains("\"reason\":\"restart\""), DEADLINE));
        assertThat(changes).extracting(Event::id).containsExactly(ticks + "-2", ticks + "-3");
        JsonNode restart = JSON.readTree(changes.get(1).data());
        assertThat(restart.get("status").asText()).isEqualTo("paused");
        assertThat(restart.get("previous").asText()).isEqualTo("running");
      }
    } finally {
      second.after();
    }
  }

  /** What a process that crashed while playing leaves: status running, and its journal row. */
  private void leftRunning(UUID id) {
    SimTestFixture.jdbi(directory.resolve("sim"))
        .useTransaction(
            handle -> {
              SimulationRow row = handle.attach(SimulationDao.class).find(id).orElseThrow();
              handle
                  .attach(SimulationDao.class)
                  .changeStatus(
                      id, row.version(), "running", 1.0, "a-process-that-crashed", Instant.now());
              StatusChangeDao journal = handle.attach(StatusChangeDao.class);
              journal.insert(
                  new StatusChangeRow(
                      id,
                      journal.nextSeq(id),
                      row.ticksComputed(),
                      row.inputCount(),
                      "running",
                      row.status(),
                      "play",
                      1.0,
                      Instant.now()));
            });
  }

  private String create(DropwizardTestSupport<SimConfiguration> app, String key) throws Exception {
    return call(app, "POST", "/v1/simulations", key, "{\"scenario\":" + EventsFixture.INLINE + "}")
        .get("id")
        .asText();
  }

  private static String apiKey(DropwizardTestSupport<SimConfiguration> app) {
    OrganizationAdmin admin =
        new OrganizationAdmin(
            SimTestFixture.jdbi(app.getConfiguration().buildDataSourceFactory()),
            Clock.systemUTC(),
            new SecureRandom());
    OrganizationRow organization = SimTestFixture.organization(admin, "enterprise");
    return admin.createApiKey(organization.slug(), "simulation:read,simulation:write").key();
  }
}
