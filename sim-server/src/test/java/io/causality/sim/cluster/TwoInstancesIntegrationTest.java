package io.causality.sim.cluster;

import static io.causality.sim.testing.EventIds.assertContiguous;
import static io.causality.sim.testing.EventIds.numbered;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.causality.sim.cluster.InstancesOnOneDatabase.Caller;
import io.causality.sim.core.organization.BillingPeriods;
import io.causality.sim.events.EventsFixture;
import io.causality.sim.testing.SseTestClient;
import io.causality.sim.testing.SseTestClient.Event;
import java.net.http.HttpResponse;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Two instances of sim-server on one PostgreSQL schema, called alternately and at the same moment
 * (docs/operations.md): idempotency keys, usage counts and quotas hold across them, steps through
 * both neither get lost nor fork the simulation, and an event stream on one instance hears a
 * simulation that plays on the other. Skipped without a PostgreSQL server.
 */
class TwoInstancesIntegrationTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Duration DEADLINE = Duration.ofSeconds(30);

  private static InstancesOnOneDatabase cluster;

  @BeforeAll
  static void startTwoInstances() throws Exception {
    cluster =
        InstancesOnOneDatabase.start(
            Map.of(
                "rateLimits.enabled", "false",
                "events.heartbeatInterval", "200 milliseconds",
                "playback.baseTicksPerSecond", "100",
                "playback.batchInterval", "20 milliseconds"),
            64);
  }

  @AfterAll
  static void stop() {
    if (cluster != null) {
      cluster.close();
    }
  }

  /** Catches a claim decided per instance (in memory) rather than by the key's primary key. */
  @Test
  void theSameIdempotencyKeyOnBothInstancesHasOneEffect() throws Exception {
    Caller caller = cluster.caller("strategic");
    String body = "{\"scenario\":" + EventsFixture.INLINE + "}";
    List<HttpResponse<String>> answers =
        cluster.allAtOnce(
            32,
            i ->
                () ->
                    cluster.send(
                        i % 2,
                        "POST",
                        "/v1/simulations",
                        caller.key(),
                        body,
                        Map.of("Idempotency-Key", "one-effect")));

    List<String> created =
        answers.stream()
            .filter(a -> a.statusCode() == 201)
            .map(a -> field(a, "id"))
            .distinct()
            .toList();
    assertThat(created).hasSize(1);
    assertThat(answers).allSatisfy(a -> assertThat(a.statusCode()).as(a.body()).isIn(201, 409));
    assertThat(
            cluster.count(
                "SELECT COUNT(*) FROM simulations WHERE organization_id = ?",
                caller.organization()))
        .isEqualTo(1);
    // later, either instance replays the stored answer
    for (int instance = 0; instance < 2; instance++) {
      HttpResponse<String> replay =
          cluster.send(
              instance,
              "POST",
              "/v1/simulations",
              caller.key(),
              body,
              Map.of("Idempotency-Key", "one-effect"));
      assertThat(replay.statusCode()).isEqualTo(201);
      assertThat(field(replay, "id")).isEqualTo(created.get(0));
    }
  }

  /** Catches counts read and written back (read + n): 6 ticks of 120 were counted so. */
  @Test
  void usageCountsAreExactAfterParallelRunsThroughBoth() throws Exception {
    Caller caller = cluster.caller("strategic");
    List<HttpResponse<String>> created =
        cluster.allAtOnce(
            40,
            i ->
                () ->
                    cluster.send(
                        i % 2,
                        "POST",
                        "/v1/simulations",
                        caller.key(),
                        "{\"scenario\":" + EventsFixture.INLINE + "}"));
    assertThat(created).allSatisfy(a -> assertThat(a.statusCode()).as(a.body()).isEqualTo(201));
    List<HttpResponse<String>> steps =
        cluster.allAtOnce(
            40,
            i ->
                () ->
                    cluster.send(
                        (i + 1) % 2,
                        "POST",
                        "/v1/simulations/" + field(created.get(i), "id") + "/step",
                        caller.key(),
                        "{\"ticks\":3}"));
    assertThat(steps).allSatisfy(a -> assertThat(a.statusCode()).as(a.body()).isEqualTo(200));

    assertThat(
            cluster.count(
                "SELECT simulation_runs FROM usage_periods WHERE organization_id = ?",
                caller.organization()))
        .isEqualTo(40);
    assertThat(
            cluster.count(
                "SELECT tick_count FROM usage_periods WHERE organization_id = ?",
                caller.organization()))
        .isEqualTo(120);
  }

  /**
   * Catches a limit checked by reading the count before an unconditional increment: 16 runs were
   * created so, instead of 5.
   */
  @Test
  void aQuotaAtItsLimitIsNotExceededByParallelRunsThroughBoth() throws Exception {
    Caller caller = cluster.caller("community");
    BillingPeriods.Period period = BillingPeriods.containing(Instant.now());
    cluster.execute(
        "INSERT INTO usage_periods (organization_id, period_start, period_end, "
            + "simulation_runs, api_calls, tick_count) VALUES (?, ?, ?, 95, 0, 0)",
        caller.organization(),
        Timestamp.from(period.start()),
        Timestamp.from(period.end()));

    List<HttpResponse<String>> answers =
        cluster.allAtOnce(
            20,
            i ->
                () ->
                    cluster.send(
                        i % 2,
                        "POST",
                        "/v1/simulations",
                        caller.key(),
                        "{\"scenario\":" + EventsFixture.INLINE + "}"));

    Map<Integer, Long> statuses =
        answers.stream()
            .collect(Collectors.groupingBy(HttpResponse::statusCode, Collectors.counting()));
    assertThat(statuses).containsOnly(Map.entry(201, 5L), Map.entry(403, 15L));
    assertThat(
            cluster.count(
                "SELECT simulation_runs FROM usage_periods WHERE organization_id = ?",
                caller.organization()))
        .isEqualTo(100);
  }

  /**
   * Without the retry of a change another instance made first, some of these were 409; without the
   * version condition on the write, steps were lost (tick 14 of 24).
   */
  @Test
  void stepsThroughBothAtOnceAreNeitherLostNorForked() throws Exception {
    Caller caller = cluster.caller("strategic");
    String id = create(caller, 0);
    List<HttpResponse<String>> steps =
        cluster.allAtOnce(
            24,
            i ->
                () ->
                    cluster.send(
                        i % 2,
                        "POST",
                        "/v1/simulations/" + id + "/step",
                        caller.key(),
                        "{\"ticks\":1}"));
    assertThat(steps).allSatisfy(a -> assertThat(a.statusCode()).as(a.body()).isEqualTo(200));

    String straight = create(caller, 0);
    cluster.send(
        0, "POST", "/v1/simulations/" + straight + "/step", caller.key(), "{\"ticks\":24}");
    for (int instance = 0; instance < 2; instance++) {
      JsonNode stepped =
          JSON.readTree(
              cluster.send(instance, "GET", "/v1/simulations/" + id, caller.key(), null).body());
      JsonNode reference =
          JSON.readTree(
              cluster
                  .send(instance, "GET", "/v1/simulations/" + straight, caller.key(), null)
                  .body());
      assertThat(stepped.get("ticks").asLong()).isEqualTo(24);
      assertThat(stepped.get("state")).isEqualTo(reference.get("state"));
    }
  }

  /**
   * The stream is on instance B; the simulation plays on A, then B takes playing over at another
   * speed, then A pauses it: B's client hears every event once, in order, and one instance plays at
   * a time (the ids would repeat or jump otherwise). Without the NOTIFY, B's client gets heartbeats
   * only.
   */
  @Test
  void aStreamOnOneInstanceHearsASimulationPlayingOnTheOther() throws Exception {
    Caller caller = cluster.caller("strategic");
    String id = create(caller, 0);
    try (SseTestClient events =
        SseTestClient.open(
            cluster.port(1),
            "/v1/simulations/" + id + "/events",
            Map.of("X-Api-Key", caller.key()))) {
      assertThat(events.status()).isEqualTo(200);
      timeControl(0, caller, id, "{\"action\":\"play\",\"speed\":10}");
      List<Event> seen = new ArrayList<>(events.until(e -> isTick(e, 40), DEADLINE));
      timeControl(1, caller, id, "{\"action\":\"play\",\"speed\":5}");
      seen.addAll(events.until(e -> isTick(e, 80), DEADLINE));
      timeControl(0, caller, id, "{\"action\":\"pause\"}");
      seen.addAll(events.until(e -> isStatus(e, "paused"), DEADLINE));

      assertContiguous(seen);
      List<Event> statuses =
          numbered(seen).stream().filter(e -> e.name().equals("simulation:status")).toList();
      assertThat(statuses).hasSize(2);
      JsonNode simulation =
          JSON.readTree(cluster.send(1, "GET", "/v1/simulations/" + id, caller.key(), null).body());
      assertThat(simulation.get("status").asText()).isEqualTo("paused");
      long ticks = simulation.get("ticks").asLong();
      assertThat(numbered(seen).stream().filter(e -> e.name().equals("tick"))).hasSize((int) ticks);
    }
    assertThat(
            cluster.count(
                "SELECT COUNT(*) FROM simulations WHERE id = ? AND player IS NULL",
                UUID.fromString(id)))
        .isEqualTo(1);
  }

  private static String create(Caller caller, int instance) throws Exception {
    HttpResponse<String> created =
        cluster.send(
            instance,
            "POST",
            "/v1/simulations",
            caller.key(),
            "{\"scenario\":" + EventsFixture.INLINE + "}");
    assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
    return field(created, "id");
  }

  private static void timeControl(int instance, Caller caller, String id, String body)
      throws Exception {
    HttpResponse<String> answer =
        cluster.send(
            instance, "PUT", "/v1/simulations/" + id + "/time-control", caller.key(), body);
    assertThat(answer.statusCode()).as(answer.body()).isEqualTo(200);
  }

  private static boolean isTick(Event event, long t) {
    return event.name().equals("tick") && event.data().startsWith("{\"t\":" + t + ",");
  }

  private static boolean isStatus(Event event, String status) {
    return event.name().equals("simulation:status")
        && event.data().contains("\"status\":\"" + status + "\"");
  }

  private static String field(HttpResponse<String> answer, String name) {
    try {
      return JSON.readTree(answer.body()).get(name).asText();
    } catch (java.io.IOException e) {
      throw new IllegalStateException(answer.body(), e);
    }
  }
}
