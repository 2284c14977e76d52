package io.causality.hitl.coordinator.cluster;

import static io.causality.hitl.coordinator.OverrideBodies.submission;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
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
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A quorum of two counted by two coordinators on one PostgreSQL schema: two operators each approve
 * one request eight times at once, spread over both instances. Exactly one approval issues the
 * token (200), exactly one is recorded short of the quorum (202), every other is 409; the trail has
 * one PARTIAL_APPROVAL and one APPROVED event, by the two operators. Skipped without PostgreSQL.
 */
class QuorumTwoCoordinatorsIntegrationTest {
  private static final int CLIENTS = 16;
  private static final int ROUNDS = 5;
  private static final TestClock CLOCK = new TestClock();
  private static final String REQUESTS = "/v1/override-requests";
  private static final String[] OPERATOR_TOKENS = {
    "alice-token-0123456789abcdef", "bob-token-0123456789abcdef"
  };

  private static PostgresTestDatabase database;
  private static final List<DropwizardTestSupport<CoordinatorConfiguration>> INSTANCES =
      new ArrayList<>();
  private static ExecutorService clients;

  @BeforeAll
  static void startTwoCoordinators() throws Exception {
    database = PostgresTestDatabase.create();
    TestDeployment deployment = TestDeployment.plain();
    String policy = deployment.quorumPolicy(2).toString();
    for (int i = 0; i < 2; i++) {
      List<ConfigOverride> overrides =
          new ArrayList<>(List.of(deployment.operatorOverrides("policy.path", policy)));
      database
          .databaseSettings()
          .forEach((key, value) -> overrides.add(ConfigOverride.config(key, value)));
      DropwizardTestSupport<CoordinatorConfiguration> instance =
          ClockedCoordinator.support(
              CLOCK,
              ResourceHelpers.resourceFilePath("configs/operators.yml"),
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
   * Catches approvals counted without the request's row lock: two first approvals then both saw
   * none before them (two 202s, and the request never approved), or both completed the quorum.
   */
  @Test
  void concurrentApprovalsThroughBothIssueExactlyOneToken() throws Exception {
    for (int round = 0; round < ROUNDS; round++) {
      String id = submitted();

      List<Answer> answers = approveAllAtOnce(id);

      Map<Integer, Long> statuses =
          answers.stream().collect(Collectors.groupingBy(Answer::status, Collectors.counting()));
      assertThat(statuses)
          .as("round %d: %s", round, statuses)
          .containsOnly(Map.entry(200, 1L), Map.entry(202, 1L), Map.entry(409, (long) CLIENTS - 2));
      JsonNode record = http(0, 0).get(REQUESTS + "/" + id).body();
      assertThat(record.get("status").asText()).isEqualTo("APPROVED");
      assertThat(record.get("approvals").asInt()).isEqualTo(2);
      assertThat(actorsOf(record, "PARTIAL_APPROVAL")).hasSize(1);
      assertThat(actorsOf(record, "APPROVED"))
          .hasSize(1)
          .doesNotContainAnyElementsOf(actorsOf(record, "PARTIAL_APPROVAL"));
      String token =
          answers.stream()
              .filter(a -> a.status() == 200)
              .findFirst()
              .orElseThrow()
              .body()
              .get("tokenId")
              .asText();
      assertThat(record.get("tokenId").asText()).isEqualTo(token);
    }
  }

  private static List<String> actorsOf(JsonNode record, String type) {
    return StreamSupport.stream(record.get("audit").spliterator(), false)
        .filter(e -> e.get("eventType").asText().equals(type))
        .map(e -> e.get("actorId").asText())
        .toList();
  }

  private static String submitted() {
    Answer answer =
        new CoordinatorHttp(INSTANCES.get(0).getLocalPort())
            .withToken("runtime-token-0123456789abcdef")
            .post(REQUESTS, submission("actor-quorum-" + System.nanoTime()));
    assertThat(answer.status()).as(answer.text()).isEqualTo(201);
    return answer.body().get("coordinatorRequestId").asText();
  }

  /** Operator {@code operator} (0 alice, 1 bob) through instance {@code instance}. */
  private static CoordinatorHttp http(int instance, int operator) {
    return new CoordinatorHttp(INSTANCES.get(instance).getLocalPort())
        .withToken(OPERATOR_TOKENS[operator]);
  }

  private static List<Answer> approveAllAtOnce(String id) throws Exception {
    CountDownLatch ready = new CountDownLatch(CLIENTS);
    CountDownLatch go = new CountDownLatch(1);
    List<Future<Answer>> futures = new ArrayList<>();
    for (int i = 0; i < CLIENTS; i++) {
      Callable<Answer> one = approval(http(i % 2, (i / 2) % 2), REQUESTS + "/" + id + "/approve");
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

  private static Callable<Answer> approval(CoordinatorHttp operator, String path) {
    return () -> operator.post(path, CoordinatorHttp.JSON.createObjectNode());
  }
}
