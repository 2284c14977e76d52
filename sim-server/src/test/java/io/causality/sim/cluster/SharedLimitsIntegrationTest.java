package io.causality.sim.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import io.causality.sim.cluster.InstancesOnOneDatabase.Caller;
import io.causality.sim.testing.SimTestFixture;
import io.causality.sim.testing.SseTestClient;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Limits that hold across instances (docs/rate-limits.md, docs/simulations.md): two instances on
 * one PostgreSQL schema, rate limits on. One organization's create budget holds within one request
 * over both, with the headers; its one event-stream slot (community) is taken on one instance and
 * refused on the other until it is given back; a slot whose instance died is freed by the next
 * acquisition. Skipped without a PostgreSQL server.
 */
class SharedLimitsIntegrationTest {
  private static final Duration DEADLINE = Duration.ofSeconds(30);

  private static InstancesOnOneDatabase cluster;

  @BeforeAll
  static void startTwoInstances() throws Exception {
    cluster =
        InstancesOnOneDatabase.start(
            Map.of(
                "admin.tokenFile",
                SimTestFixture.tempDirectory().resolve("sim.admin-token").toString(),
                "events.heartbeatInterval",
                "200 milliseconds"),
            30);
  }

  @AfterAll
  static void stop() {
    if (cluster != null) {
      cluster.close();
    }
  }

  private static Caller community() {
    return cluster.caller("community");
  }

  /**
   * One create, then 29 at once, alternating between the instances, for a budget of 10 per minute:
   * in memory each instance would admit 10 (20 in all).
   */
  @Test
  void oneOrganizationsBudgetHoldsOverBothInstances() throws Exception {
    Caller caller = community();
    // the first create of a period makes its usage row; the burst then only counts in it
    List<HttpResponse<String>> answers = new ArrayList<>();
    answers.add(create(1, caller));
    answers.addAll(cluster.allAtOnce(29, i -> () -> create(i % 2, caller)));
    List<HttpResponse<String>> admitted =
        answers.stream().filter(a -> a.statusCode() == 201).toList();
    List<HttpResponse<String>> refused =
        answers.stream().filter(a -> a.statusCode() == 429).toList();

    // a token comes back every 6 seconds: a slow machine may let one more through
    assertThat(admitted.size()).isBetween(10, 11);
    assertThat(admitted.size() + refused.size()).isEqualTo(30);
    assertThat(admitted)
        .allSatisfy(
            a -> {
              assertThat(a.headers().firstValue("X-RateLimit-Limit")).contains("10");
              assertThat(a.headers().firstValue("X-RateLimit-Remaining")).isPresent();
              assertThat(a.headers().firstValueAsLong("X-RateLimit-Reset").orElseThrow())
                  .isGreaterThan(System.currentTimeMillis() / 1000 - 5);
            });
    assertThat(admitted)
        .extracting(a -> a.headers().firstValue("X-RateLimit-Remaining").orElseThrow())
        .contains("0");
    assertThat(refused)
        .allSatisfy(
            a -> {
              assertThat(a.body()).contains("\"RATE_LIMITED\"");
              assertThat(a.headers().firstValueAsLong("Retry-After").orElseThrow())
                  .isBetween(1L, 6L);
              assertThat(a.headers().firstValue("X-RateLimit-Remaining")).contains("0");
            });
    assertThat(
            cluster.count(
                "SELECT COUNT(*) FROM simulations WHERE organization_id = ?",
                caller.organization()))
        .isEqualTo(admitted.size());
  }

  @Test
  void anOrganizationsStreamSlotsAreCountedOverBothInstances() throws Exception {
    Caller caller = community();
    String id = created(caller);
    try (SseTestClient first = stream(0, caller, id)) {
      assertThat(first.status()).isEqualTo(200);
      try (SseTestClient second = stream(1, caller, id)) {
        assertThat(second.status()).isEqualTo(429);
        assertThat(second.body()).contains("\"RATE_LIMITED\"");
      }
    }
    // the first stream's slot is given back when it ends; the other instance may take it then
    awaitNoSlots(caller);
    try (SseTestClient again = stream(1, caller, id)) {
      assertThat(again.status()).isEqualTo(200);
    }
  }

  @Test
  void theSlotOfAnInstanceThatDiedIsFreedByTheNextAcquisition() throws Exception {
    Caller caller = community();
    String id = created(caller);
    UUID dead = UUID.randomUUID();
    cluster.execute(
        "INSERT INTO stream_slots (id, organization_id, instance, instance_key, opened_at)"
            + " VALUES (?, ?, ?, ?, ?)",
        dead,
        caller.organization(),
        "gone",
        PostgresCluster.lockKey("gone"),
        OffsetDateTime.now());
    try (SseTestClient stream = stream(0, caller, id)) {
      assertThat(stream.status()).isEqualTo(200);
    }
    assertThat(cluster.count("SELECT COUNT(*) FROM stream_slots WHERE id = ?", dead)).isZero();
  }

  private static String created(Caller caller) throws Exception {
    HttpResponse<String> answer = create(0, caller);
    assertThat(answer.statusCode()).as(answer.body()).isEqualTo(201);
    return answer.body().replaceAll(".*\"id\":\"([^\"]+)\".*", "$1");
  }

  private static HttpResponse<String> create(int instance, Caller caller) throws Exception {
    return cluster.send(
        instance, "POST", "/v1/simulations", caller.key(), "{\"scenarioId\":\"stable-basins\"}");
  }

  private static SseTestClient stream(int instance, Caller caller, String id) {
    return SseTestClient.open(
        cluster.port(instance),
        "/v1/simulations/" + id + "/events",
        Map.of("X-Api-Key", caller.key()));
  }

  /** Until the ended stream's thread has given its slot back (it does once the client left). */
  private static void awaitNoSlots(Caller caller) throws Exception {
    long deadline = System.nanoTime() + DEADLINE.toNanos();
    while (cluster.count(
            "SELECT COUNT(*) FROM stream_slots WHERE organization_id = ?", caller.organization())
        > 0) {
      assertThat(System.nanoTime() - deadline).as("the slot was given back").isNegative();
      Thread.onSpinWait();
    }
  }
}
