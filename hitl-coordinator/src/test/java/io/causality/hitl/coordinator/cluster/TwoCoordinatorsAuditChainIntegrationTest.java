package io.causality.hitl.coordinator.cluster;

import static io.causality.hitl.coordinator.OverrideBodies.deny;
import static io.causality.hitl.coordinator.OverrideBodies.submission;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.causality.common.testing.PostgresTestDatabase;
import io.causality.common.testing.TestInstances;
import io.causality.hitl.coordinator.CoordinatorApplication;
import io.causality.hitl.coordinator.CoordinatorConfiguration;
import io.causality.hitl.coordinator.CoordinatorHttp;
import io.causality.hitl.coordinator.CoordinatorHttp.Answer;
import io.causality.hitl.coordinator.TestDeployment;
import io.causality.hitl.coordinator.core.AuditTrail;
import io.causality.hitl.coordinator.core.ChainVerification;
import io.dropwizard.testing.ConfigOverride;
import io.dropwizard.testing.DropwizardTestSupport;
import io.dropwizard.testing.ResourceHelpers;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.IntFunction;
import java.util.stream.LongStream;
import org.jdbi.v3.core.Jdbi;
import org.jdbi.v3.sqlobject.SqlObjectPlugin;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Two coordinators on one PostgreSQL schema write audit events at once (64 submissions, then 32
 * denials, split across both): one chain without gaps that verifies, as both instances list it.
 * Skipped without a PostgreSQL server.
 */
class TwoCoordinatorsAuditChainIntegrationTest {
  private static final int CLIENTS = 64;
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
      List<ConfigOverride> overrides = new ArrayList<>(List.of(deployment.overrides()));
      database
          .databaseSettings()
          .forEach((key, value) -> overrides.add(ConfigOverride.config(key, value)));
      DropwizardTestSupport<CoordinatorConfiguration> instance =
          new DropwizardTestSupport<>(
              CoordinatorApplication.class,
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

  @Test
  void concurrentWritersThroughBothInstancesLeaveOneValidChain() throws Exception {
    List<Answer> submitted =
        allAtOnce(
            CLIENTS,
            i -> () -> http(i % 2).post(REQUESTS, submission("actor-chain-" + i + "-" + i)));
    List<String> ids = new ArrayList<>();
    submitted.forEach(
        a -> {
          assertThat(a.status()).as(a.text()).isEqualTo(201);
          ids.add(a.body().get("coordinatorRequestId").asText());
        });
    List<Answer> denied =
        allAtOnce(
            CLIENTS / 2,
            i ->
                () ->
                    http((i + 1) % 2)
                        .post(
                            REQUESTS + "/" + ids.get(i) + "/deny",
                            deny(TestDeployment.KEY_ID, "n")));
    denied.forEach(a -> assertThat(a.status()).as(a.text()).isEqualTo(200));

    long total = CLIENTS + CLIENTS / 2;
    ChainVerification verification = new AuditTrail(jdbi()).verify();
    assertThat(verification.problem()).isEmpty();
    assertThat(verification.checked()).isEqualTo(total);
    for (int instance = 0; instance < 2; instance++) {
      JsonNode page = http(instance).get("/v1/audit-events?limit=500").body();
      assertThat(page.get("pagination").get("total").asLong()).isEqualTo(total);
      List<Long> sequences = new ArrayList<>();
      page.get("data").forEach(e -> sequences.add(e.get("sequence").asLong()));
      assertThat(sequences)
          .containsExactlyElementsOf(LongStream.rangeClosed(1, total).boxed().toList());
    }
  }

  private static Jdbi jdbi() {
    return Jdbi.create(database.url(), database.user(), database.password())
        .installPlugin(new SqlObjectPlugin());
  }

  private static CoordinatorHttp http(int instance) {
    return CoordinatorHttp.callers(INSTANCES.get(instance).getLocalPort());
  }

  private static List<Answer> allAtOnce(int count, IntFunction<Callable<Answer>> call)
      throws Exception {
    CountDownLatch ready = new CountDownLatch(count);
    CountDownLatch go = new CountDownLatch(1);
    List<Future<Answer>> futures = new ArrayList<>();
    for (int i = 0; i < count; i++) {
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
