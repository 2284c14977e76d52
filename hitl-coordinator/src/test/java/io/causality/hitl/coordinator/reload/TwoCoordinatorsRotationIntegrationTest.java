package io.causality.hitl.coordinator.reload;

import static io.causality.hitl.coordinator.OverrideBodies.approve;
import static io.causality.hitl.coordinator.OverrideBodies.redeem;
import static io.causality.hitl.coordinator.OverrideBodies.submission;
import static io.causality.hitl.coordinator.reload.RotationDeployment.KEY_A;
import static io.causality.hitl.coordinator.reload.RotationDeployment.KEY_B;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.causality.common.testing.PostgresTestDatabase;
import io.causality.common.testing.TestClock;
import io.causality.common.testing.TestInstances;
import io.causality.hitl.coordinator.ClockedCoordinator;
import io.causality.hitl.coordinator.CoordinatorConfiguration;
import io.causality.hitl.coordinator.CoordinatorHttp;
import io.causality.hitl.coordinator.crypto.TestKeyPairs;
import io.dropwizard.testing.ConfigOverride;
import io.dropwizard.testing.DropwizardTestSupport;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A key rotation across two coordinators on one PostgreSQL database (docs/operations.md, "Rotating
 * an authority key"): a token signed with A on one instance redeems on the other after both
 * reloaded, new approvals on either are signed with B, and a forged policy is refused by both while
 * the rotated set keeps serving. Skipped without a PostgreSQL server.
 */
class TwoCoordinatorsRotationIntegrationTest {
  private static final String REQUESTS = "/v1/override-requests";
  private static final TestClock CLOCK = new TestClock();
  private static final List<DropwizardTestSupport<CoordinatorConfiguration>> INSTANCES =
      new ArrayList<>();

  private static PostgresTestDatabase database;
  private static RotationDeployment deployment;

  @BeforeAll
  static void startTwoCoordinators() throws Exception {
    database = PostgresTestDatabase.create();
    deployment = new RotationDeployment();
    deployment.configure(
        deployment.policy("policy-v7.json", 7, false, TestKeyPairs.POLICY_SIGNING), null, false);
    for (int i = 0; i < 2; i++) {
      List<ConfigOverride> overrides = new ArrayList<>();
      database
          .databaseSettings()
          .forEach((key, value) -> overrides.add(ConfigOverride.config(key, value)));
      DropwizardTestSupport<CoordinatorConfiguration> instance =
          ClockedCoordinator.support(
              CLOCK, deployment.config().toString(), overrides.toArray(ConfigOverride[]::new));
      INSTANCES.add(instance);
      instance.before();
    }
  }

  @AfterAll
  static void stop() {
    TestInstances.stopInReverse(INSTANCES);
    if (database != null) {
      database.close();
    }
  }

  @Test
  void rotationOnBothInstances() {
    String first = submit(0, "actor-two-rotation-1");
    JsonNode tokenA = http(0).post(REQUESTS + "/" + first + "/approve", approve(KEY_A)).body();
    String pending = submit(1, "actor-two-rotation-2");

    Path rotated =
        deployment.policy("policy-v7-rotated.json", 7, true, TestKeyPairs.POLICY_SIGNING);
    deployment.configure(rotated, CLOCK.instant(), true);
    for (int i = 0; i < 2; i++) {
      HttpResponse<String> answer = deployment.reload(INSTANCES.get(i).getAdminPort());
      assertThat(answer.statusCode()).as(answer.body()).isEqualTo(200);
    }

    assertThat(http(0).post(REQUESTS + "/" + pending + "/approve", approve(KEY_A)).status())
        .isEqualTo(400);
    JsonNode tokenB = http(1).post(REQUESTS + "/" + pending + "/approve", approve(KEY_B)).body();
    assertThat(KeyRotationIntegrationTest.verifies(tokenB, TestKeyPairs.ALICE_NEXT.getPublic()))
        .isTrue();
    assertThat(redeemed(1, tokenA, first)).isEqualTo("ACCEPTED");
    assertThat(redeemed(0, tokenB, pending)).isEqualTo("ACCEPTED");

    Path forged = deployment.policy("policy-forged.json", 7, true, TestKeyPairs.BOB);
    deployment.configure(forged, CLOCK.instant(), true);
    for (int i = 0; i < 2; i++) {
      HttpResponse<String> answer = deployment.reload(INSTANCES.get(i).getAdminPort());
      assertThat(answer.statusCode()).as(answer.body()).isEqualTo(422);
      String id = submit(i, "actor-two-after-refusal-" + i);
      JsonNode token = http(i).post(REQUESTS + "/" + id + "/approve", approve(KEY_B)).body();
      assertThat(token.path("keyId").asText()).as(token.toString()).isEqualTo(KEY_B);
    }
  }

  private static CoordinatorHttp http(int instance) {
    return CoordinatorHttp.callers(INSTANCES.get(instance).getLocalPort());
  }

  private static String submit(int instance, String actor) {
    CoordinatorHttp.Answer answer = http(instance).post(REQUESTS, submission(actor));
    assertThat(answer.status()).as(answer.text()).isEqualTo(201);
    return answer.body().get("coordinatorRequestId").asText();
  }

  private static String redeemed(int instance, JsonNode token, String id) {
    JsonNode record = http(instance).get(REQUESTS + "/" + id).body();
    return http(instance)
        .post("/v1/override-tokens/redeem", redeem(token, record))
        .body()
        .get("status")
        .asText();
  }
}
