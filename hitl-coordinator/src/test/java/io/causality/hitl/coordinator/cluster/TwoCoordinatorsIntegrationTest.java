package io.causality.hitl.coordinator.cluster;

import static io.causality.hitl.coordinator.OverrideBodies.approve;
import static io.causality.hitl.coordinator.OverrideBodies.redeem;
import static io.causality.hitl.coordinator.OverrideBodies.submission;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.causality.common.testing.PostgresTestDatabase;
import io.causality.common.testing.TestClock;
import io.causality.common.testing.TestInstances;
import io.causality.hitl.coordinator.ClockedCoordinator;
import io.causality.hitl.coordinator.CoordinatorConfiguration;
import io.causality.hitl.coordinator.CoordinatorHttp;
import io.causality.hitl.coordinator.CoordinatorHttp.Answer;
import io.causality.hitl.coordinator.TestDeployment;
import io.dropwizard.testing.ConfigOverride;
import io.dropwizard.testing.DropwizardTestSupport;
import io.dropwizard.testing.ResourceHelpers;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.IntFunction;
import java.util.stream.Collectors;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Two coordinators on one PostgreSQL schema (docs/operations.md): 64 redemptions of one token split
 * across both, exactly one ACCEPTED; a due request read through both at once, exactly one EXPIRED
 * event. Skipped without a PostgreSQL server.
 */
class TwoCoordinatorsIntegrationTest {
  private static final int CLIENTS = 64;
  private static final long PENDING_TTL_MS = 60_000;
  private static final TestClock CLOCK = new TestClock();
  private static final String REQUESTS = "/v1/override-requests";

  private static PostgresTestDatabase database;
  private static final List<DropwizardTestSupport<CoordinatorConfiguration>> INSTANCES =
      new ArrayList<>();
  private static ExecutorService clients;

  @BeforeAll
  static void startTwoCoordinators() throws Exception {
    database = PostgresTestDatabase.create();
    TestDeployment deployment = TestDeployment.plain();
    for (int i = 0; i < 2; i++) {
      // Overrides of its own per instance: each remembers the system property it replaced.
      List<ConfigOverride> overrides =
          new ArrayList<>(
              List.of(deployment.overrides("pendingRequestTtlMs", String.valueOf(PENDING_TTL_MS))));
      database
          .databaseSettings()
          .forEach((key, value) -> overrides.add(ConfigOverride.config(key, value)));
      DropwizardTestSupport<CoordinatorConfiguration> instance =
          ClockedCoordinator.support(
              CLOCK,
              ResourceHelpers.resourceFilePath("configs/callers.yml"),
              overrides.toArray(ConfigOverride[]::new));
      INSTANCES.add(instance);
      instance.before();
    }
    clients = Executors.newFixedThreadPool(CLIENTS);
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

  /**
   * Catches a redemption update without {@code AND redeemed_at IS NULL}: the 63 others then failed
   * (500) on the request that was no longer APPROVED, instead of REPLAY_DETECTED.
   */
  @Test
  void exactlyOneOf64RedemptionsThroughBothIsAccepted() throws Exception {
    String id = submitted(http(0).post(REQUESTS, submission("actor-two-" + System.nanoTime())));
    JsonNode token =
        http(1).post(REQUESTS + "/" + id + "/approve", approve(TestDeployment.KEY_ID)).body();
    ObjectNode body = redeem(token, http(0).get(REQUESTS + "/" + id).body());

    List<Answer> answers =
        allAtOnce(i -> () -> http(i % 2).post("/v1/override-tokens/redeem", body));

    assertThat(answers).allSatisfy(a -> assertThat(a.status()).as(a.text()).isEqualTo(200));
    Map<String, Long> outcomes =
        answers.stream()
            .collect(
                Collectors.groupingBy(a -> a.body().get("status").asText(), Collectors.counting()));
    assertThat(outcomes)
        .containsOnly(Map.entry("ACCEPTED", 1L), Map.entry("REPLAY_DETECTED", (long) CLIENTS - 1));
    assertThat(events(id, "REDEEMED")).isEqualTo(1);
  }

  /**
   * Catches an expiry update without {@code AND status = 'PENDING'}: the readers that lost then
   * failed (500) on the unique EXPIRED event; without that constraint too, the count of EXPIRED
   * events would catch it.
   */
  @Test
  void aDueRequestReadThroughBothAtOnceHasOneExpiredEvent() throws Exception {
    String id = submitted(http(0).post(REQUESTS, submission("actor-expiry-" + System.nanoTime())));
    CLOCK.advance(Duration.ofMillis(PENDING_TTL_MS + 1));

    List<Answer> answers = allAtOnce(i -> () -> http(i % 2).get(REQUESTS + "/" + id));

    assertThat(answers)
        .allSatisfy(
            a -> {
              assertThat(a.status()).as(a.text()).isEqualTo(200);
              assertThat(a.body().get("status").asText()).isEqualTo("EXPIRED");
            });
    assertThat(events(id, "EXPIRED")).isEqualTo(1);
  }

  private static long events(String id, String type) {
    JsonNode audit = http(1).get(REQUESTS + "/" + id).body().get("audit");
    return StreamSupport.stream(audit.spliterator(), false)
        .filter(e -> e.get("eventType").asText().equals(type))
        .count();
  }

  private static String submitted(Answer answer) {
    assertThat(answer.status()).as(answer.text()).isIn(200, 201);
    return answer.body().get("coordinatorRequestId").asText();
  }

  private static CoordinatorHttp http(int instance) {
    return CoordinatorHttp.callers(INSTANCES.get(instance).getLocalPort());
  }

  private static List<Answer> allAtOnce(IntFunction<Callable<Answer>> call) throws Exception {
    CountDownLatch ready = new CountDownLatch(CLIENTS);
    CountDownLatch go = new CountDownLatch(1);
    List<Future<Answer>> futures = new ArrayList<>();
    for (int i = 0; i < CLIENTS; i++) {
      Callable<Answer> one = call.apply(i);
      futures.add(
          clients.submit(
              () -> {
                ready.countDown();
                go.await();
                return one.call();
              }));
    }
    assertThat(ready.await(30, TimeUnit.SECONDS)).isTrue();
    go.countDown();
    List<Answer> answers = new ArrayList<>();
    for (Future<Answer> future : futures) {
      answers.add(future.get(60, TimeUnit.SECONDS));
    }
    return answers;
  }
}
