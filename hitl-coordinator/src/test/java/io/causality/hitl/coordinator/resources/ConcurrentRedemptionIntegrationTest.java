package io.causality.hitl.coordinator.resources;

import static io.causality.hitl.coordinator.OverrideBodies.approve;
import static io.causality.hitl.coordinator.OverrideBodies.redeem;
import static io.causality.hitl.coordinator.OverrideBodies.submission;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.causality.hitl.coordinator.CoordinatorApplication;
import io.causality.hitl.coordinator.CoordinatorConfiguration;
import io.causality.hitl.coordinator.CoordinatorHttp;
import io.causality.hitl.coordinator.CoordinatorHttp.Answer;
import io.causality.hitl.coordinator.TestDeployment;
import io.dropwizard.testing.ResourceHelpers;
import io.dropwizard.testing.junit5.DropwizardAppExtension;
import io.dropwizard.testing.junit5.DropwizardExtensionsSupport;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Single use over HTTP: 64 clients redeem one token at the same moment and exactly one is ACCEPTED,
 * the others REPLAY_DETECTED, with one REDEEMED audit event. Repeated, as a race that is lost only
 * sometimes is still a bug.
 */
@ExtendWith(DropwizardExtensionsSupport.class)
class ConcurrentRedemptionIntegrationTest {
  private static final int CLIENTS = 64;
  static final TestDeployment DEPLOYMENT = TestDeployment.plain();
  static final DropwizardAppExtension<CoordinatorConfiguration> APP =
      new DropwizardAppExtension<>(
          CoordinatorApplication.class,
          ResourceHelpers.resourceFilePath("configs/callers.yml"),
          DEPLOYMENT.overrides());

  private static ExecutorService clients;

  @BeforeAll
  static void startClients() {
    clients = Executors.newFixedThreadPool(CLIENTS);
  }

  @AfterAll
  static void stopClients() {
    clients.shutdownNow();
  }

  @RepeatedTest(5)
  void exactlyOneOf64ParallelRedemptionsIsAccepted() throws Exception {
    CoordinatorHttp http = CoordinatorHttp.callers(APP.getLocalPort());
    String id =
        http.post("/v1/override-requests", submission("actor-race-" + System.nanoTime()))
            .body()
            .get("coordinatorRequestId")
            .asText();
    JsonNode token =
        http.post("/v1/override-requests/" + id + "/approve", approve(TestDeployment.KEY_ID))
            .body();
    ObjectNode body = redeem(token, http.get("/v1/override-requests/" + id).body());

    List<Answer> answers = allAtOnce(() -> http.post("/v1/override-tokens/redeem", body));

    assertThat(answers).allSatisfy(a -> assertThat(a.status()).as(a.text()).isEqualTo(200));
    Map<String, Long> outcomes =
        answers.stream()
            .collect(
                Collectors.groupingBy(a -> a.body().get("status").asText(), Collectors.counting()));
    assertThat(outcomes)
        .containsOnly(Map.entry("ACCEPTED", 1L), Map.entry("REPLAY_DETECTED", (long) CLIENTS - 1));
    JsonNode audit = http.get("/v1/override-requests/" + id).body().get("audit");
    assertThat(
            StreamSupport.stream(audit.spliterator(), false)
                .filter(e -> e.get("eventType").asText().equals("REDEEMED")))
        .hasSize(1);
  }

  private static List<Answer> allAtOnce(java.util.concurrent.Callable<Answer> call)
      throws Exception {
    CountDownLatch ready = new CountDownLatch(CLIENTS);
    CountDownLatch go = new CountDownLatch(1);
    List<Future<Answer>> futures = new ArrayList<>();
    for (int i = 0; i < CLIENTS; i++) {
      futures.add(
          clients.submit(
              () -> {
                ready.countDown();
                go.await();
                return call.call();
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
