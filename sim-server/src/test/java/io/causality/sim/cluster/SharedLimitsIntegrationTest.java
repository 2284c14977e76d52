package io.causality.sim.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import io.causality.common.testing.PostgresTestDatabase;
import io.causality.common.testing.TestInstances;
import io.causality.sim.SimApplication;
import io.causality.sim.SimConfiguration;
import io.causality.sim.core.organization.OrganizationAdmin;
import io.causality.sim.db.OrganizationRow;
import io.causality.sim.testing.SimTestFixture;
import io.causality.sim.testing.SseTestClient;
import io.dropwizard.testing.ConfigOverride;
import io.dropwizard.testing.DropwizardTestSupport;
import io.dropwizard.testing.ResourceHelpers;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Clock;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.jdbi.v3.core.Jdbi;
import org.jdbi.v3.sqlobject.SqlObjectPlugin;
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
  private static final HttpClient HTTP =
      HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

  private static PostgresTestDatabase database;
  private static final List<DropwizardTestSupport<SimConfiguration>> INSTANCES = new ArrayList<>();
  private static OrganizationAdmin admin;
  private static ExecutorService clients;

  @BeforeAll
  static void startTwoInstances() throws Exception {
    database = PostgresTestDatabase.create();
    for (int i = 0; i < 2; i++) {
      DropwizardTestSupport<SimConfiguration> instance = instance();
      INSTANCES.add(instance);
      instance.before();
    }
    admin =
        new OrganizationAdmin(
            Jdbi.create(database.url(), database.user(), database.password())
                .installPlugin(new SqlObjectPlugin()),
            Clock.systemUTC(),
            new SecureRandom());
    clients = Executors.newFixedThreadPool(30);
  }

  @AfterAll
  static void stop() {
    if (clients != null) {
      clients.shutdownNow();
    }
    TestInstances.stopInReverse(INSTANCES);
    if (database != null) {
      database.close();
    }
  }

  private record Caller(UUID organization, String key) {}

  private static Caller community() {
    OrganizationRow organization = SimTestFixture.organization(admin, "community");
    String key = admin.createApiKey(organization.slug(), "simulation:read,simulation:write").key();
    return new Caller(organization.id(), key);
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
    answers.add(send(1, caller, "POST", "/v1/simulations", "{\"scenarioId\":\"stable-basins\"}"));
    answers.addAll(allAtOnce(caller, 29));
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
            count(
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
    execute(
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
    assertThat(count("SELECT COUNT(*) FROM stream_slots WHERE id = ?", dead)).isZero();
  }

  private static String created(Caller caller) throws Exception {
    HttpResponse<String> answer =
        send(0, caller, "POST", "/v1/simulations", "{\"scenarioId\":\"stable-basins\"}");
    assertThat(answer.statusCode()).as(answer.body()).isEqualTo(201);
    return answer.body().replaceAll(".*\"id\":\"([^\"]+)\".*", "$1");
  }

  private static SseTestClient stream(int instance, Caller caller, String id) {
    return SseTestClient.open(
        INSTANCES.get(instance).getLocalPort(),
        "/v1/simulations/" + id + "/events",
        Map.of("X-Api-Key", caller.key()));
  }

  /** Until the ended stream's thread has given its slot back (it does once the client left). */
  private static void awaitNoSlots(Caller caller) throws Exception {
    long deadline = System.nanoTime() + DEADLINE.toNanos();
    while (count(
            "SELECT COUNT(*) FROM stream_slots WHERE organization_id = ?", caller.organization())
        > 0) {
      assertThat(System.nanoTime() - deadline).as("the slot was given back").isNegative();
      Thread.onSpinWait();
    }
  }

  private static List<HttpResponse<String>> allAtOnce(Caller caller, int n) throws Exception {
    CountDownLatch ready = new CountDownLatch(n);
    CountDownLatch go = new CountDownLatch(1);
    List<Future<HttpResponse<String>>> futures = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      int instance = i % 2;
      futures.add(
          clients.submit(
              () -> {
                ready.countDown();
                go.await();
                return send(
                    instance,
                    caller,
                    "POST",
                    "/v1/simulations",
                    "{\"scenarioId\":\"stable-basins\"}");
              }));
    }
    assertThat(ready.await(30, TimeUnit.SECONDS)).isTrue();
    go.countDown();
    List<HttpResponse<String>> answers = new ArrayList<>();
    for (Future<HttpResponse<String>> future : futures) {
      answers.add(future.get(60, TimeUnit.SECONDS));
    }
    return answers;
  }

  private static HttpResponse<String> send(
      int instance, Caller caller, String method, String path, String body) throws Exception {
    HttpRequest request =
        HttpRequest.newBuilder(
                URI.create("http://127.0.0.1:" + INSTANCES.get(instance).getLocalPort() + path))
            .header("X-Api-Key", caller.key())
            .header("Content-Type", "application/json")
            .method(method, HttpRequest.BodyPublishers.ofString(body))
            .build();
    return HTTP.send(request, HttpResponse.BodyHandlers.ofString());
  }

  private static long count(String sql, Object... parameters) throws Exception {
    try (Connection connection = database.connect();
        PreparedStatement statement = prepare(connection, sql, parameters);
        ResultSet result = statement.executeQuery()) {
      assertThat(result.next()).isTrue();
      return result.getLong(1);
    }
  }

  private static void execute(String sql, Object... parameters) throws Exception {
    try (Connection connection = database.connect();
        PreparedStatement statement = prepare(connection, sql, parameters)) {
      statement.executeUpdate();
    }
  }

  private static PreparedStatement prepare(Connection connection, String sql, Object... parameters)
      throws Exception {
    PreparedStatement statement = connection.prepareStatement(sql);
    for (int i = 0; i < parameters.length; i++) {
      statement.setObject(i + 1, parameters[i]);
    }
    return statement;
  }

  private static DropwizardTestSupport<SimConfiguration> instance() {
    List<ConfigOverride> overrides = new ArrayList<>(SimTestFixture.postgres(database));
    SimTestFixture.jwtSettings()
        .forEach((key, value) -> overrides.add(ConfigOverride.config(key, value)));
    overrides.add(
        ConfigOverride.config(
            "admin.tokenFile",
            SimTestFixture.tempDirectory().resolve("sim.admin-token").toString()));
    overrides.add(ConfigOverride.config("events.heartbeatInterval", "200 milliseconds"));
    return new DropwizardTestSupport<>(
        SimApplication.class,
        ResourceHelpers.resourceFilePath("configs/minimal.yml"),
        overrides.toArray(ConfigOverride[]::new));
  }
}
