package io.causality.sim.cluster;

import static io.causality.sim.testing.EventIds.assertContiguous;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.causality.common.testing.PostgresTestDatabase;
import io.causality.sim.SimApplication;
import io.causality.sim.SimConfiguration;
import io.causality.sim.core.organization.OrganizationAdmin;
import io.causality.sim.db.OrganizationRow;
import io.causality.sim.events.EventsFixture;
import io.causality.sim.testing.SimProcess;
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
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jdbi.v3.core.Jdbi;
import org.jdbi.v3.sqlobject.SqlObjectPlugin;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * An instance dies while it plays a simulation (docs/operations.md, "When a node dies"): instance
 * A, the built jar in a process of its own, plays it; A is killed with SIGKILL, so nothing of its
 * shutdown runs. Its advisory lock goes with its connection, and instance B's next sweep (every
 * {@code playback.orphanSweepInterval}, short here) pauses the simulation with reason {@code
 * restart}; B's stream client hears that. Without the sweep, or if B took a dead player for a live
 * one, the simulation would stay "running" with nobody playing it. Skipped without a PostgreSQL
 * server.
 */
class InstanceDeathIntegrationTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Duration DEADLINE = Duration.ofSeconds(30);
  private static final HttpClient HTTP =
      HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

  private static PostgresTestDatabase database;
  private static DropwizardTestSupport<SimConfiguration> survivor;
  private static SimProcess doomed;
  private static OrganizationAdmin admin;

  @BeforeAll
  static void startTwoInstances() throws Exception {
    database = PostgresTestDatabase.create();
    Map<String, String> settings = settings();
    // the PostgreSQL settings come after, and so replace, SimProcess's own H2 file
    doomed =
        SimProcess.create(
                settings.entrySet().stream()
                    .map(e -> e.getKey() + "=" + e.getValue())
                    .toArray(String[]::new))
            .start();
    List<ConfigOverride> overrides = new ArrayList<>();
    settings.forEach((key, value) -> overrides.add(ConfigOverride.config(key, value)));
    survivor =
        new DropwizardTestSupport<>(
            SimApplication.class,
            ResourceHelpers.resourceFilePath("configs/minimal.yml"),
            overrides.toArray(ConfigOverride[]::new));
    survivor.before();
    admin =
        new OrganizationAdmin(
            Jdbi.create(database.url(), database.user(), database.password())
                .installPlugin(new SqlObjectPlugin()),
            Clock.systemUTC(),
            new SecureRandom());
  }

  @AfterAll
  static void stop() throws Exception {
    if (doomed != null) {
      doomed.close();
    }
    if (survivor != null) {
      survivor.after();
    }
    if (database != null) {
      database.close();
    }
  }

  @Test
  void whatAKilledInstancePlayedIsPausedByTheOtherAndItsStreamsHearIt() throws Exception {
    OrganizationRow organization = SimTestFixture.organization(admin, "strategic");
    String key = admin.createApiKey(organization.slug(), "simulation:read,simulation:write").key();
    HttpResponse<String> created =
        send(
            survivor.getLocalPort(),
            "POST",
            "/v1/simulations",
            key,
            "{\"scenario\":" + EventsFixture.INLINE + "}");
    assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
    String id = JSON.readTree(created.body()).get("id").asText();

    try (SseTestClient events =
        SseTestClient.open(
            survivor.getLocalPort(),
            "/v1/simulations/" + id + "/events",
            Map.of("X-Api-Key", key))) {
      assertThat(events.status()).isEqualTo(200);
      HttpResponse<String> played =
          send(
              doomed.port(),
              "PUT",
              "/v1/simulations/" + id + "/time-control",
              key,
              "{\"action\":\"play\",\"speed\":1}");
      assertThat(played.statusCode()).as(played.body()).isEqualTo(200);
      List<Event> seen = new ArrayList<>(events.until(e -> isTick(e, 20), DEADLINE));

      doomed.kill();
      seen.addAll(events.until(e -> e.name().equals("simulation:status"), DEADLINE));

      JsonNode status = JSON.readTree(seen.get(seen.size() - 1).data());
      assertThat(status.get("status").asText()).isEqualTo("paused");
      assertThat(status.get("reason").asText()).isEqualTo("restart");
      assertContiguous(seen);
    }
    JsonNode simulation =
        JSON.readTree(
            send(survivor.getLocalPort(), "GET", "/v1/simulations/" + id, key, null).body());
    assertThat(simulation.get("status").asText()).isEqualTo("paused");
    // and B plays it again on request
    HttpResponse<String> again =
        send(
            survivor.getLocalPort(),
            "PUT",
            "/v1/simulations/" + id + "/time-control",
            key,
            "{\"action\":\"play\",\"speed\":1}");
    assertThat(again.statusCode()).as(again.body()).isEqualTo(200);
  }

  /** The same settings for both instances: the schema, a fast sweep, fast playback. */
  private static Map<String, String> settings() {
    Map<String, String> settings = new LinkedHashMap<>(database.databaseSettings());
    settings.putAll(SimTestFixture.jwtSettings());
    settings.put("rateLimits.enabled", "false");
    settings.put("events.heartbeatInterval", "200 milliseconds");
    settings.put("playback.baseTicksPerSecond", "100");
    settings.put("playback.batchInterval", "20 milliseconds");
    settings.put("playback.orphanSweepInterval", "200 milliseconds");
    return settings;
  }

  private static boolean isTick(Event event, long t) {
    return event.name().equals("tick") && event.data().startsWith("{\"t\":" + t + ",");
  }

  private static HttpResponse<String> send(
      int port, String method, String path, String key, String body) throws Exception {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
            .header("X-Api-Key", key)
            .method(
                method,
                body == null
                    ? HttpRequest.BodyPublishers.noBody()
                    : HttpRequest.BodyPublishers.ofString(body));
    if (body != null) {
      request.header("Content-Type", "application/json");
    }
    return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
  }
}
