package io.causality.hitl.coordinator.cluster;

import static io.causality.hitl.coordinator.OverrideBodies.deny;
import static io.causality.hitl.coordinator.OverrideBodies.submission;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.causality.common.testing.Await;
import io.causality.common.testing.PostgresTestDatabase;
import io.causality.common.testing.TestInstances;
import io.causality.hitl.coordinator.CoordinatorApplication;
import io.causality.hitl.coordinator.CoordinatorConfiguration;
import io.causality.hitl.coordinator.CoordinatorHttp;
import io.causality.hitl.coordinator.CoordinatorHttp.Answer;
import io.causality.hitl.coordinator.TestDeployment;
import io.causality.hitl.coordinator.webhooks.LoopbackReceiver;
import io.dropwizard.testing.ConfigOverride;
import io.dropwizard.testing.DropwizardTestSupport;
import io.dropwizard.testing.ResourceHelpers;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Two coordinators on one PostgreSQL schema, both delivering to the same webhook receiver while
 * clients write through both: every audit event arrives, and, with no crash and a receiver that
 * always answers 200, exactly once: a row leased by one instance is never delivered by the other.
 * Skipped without a PostgreSQL server.
 */
class TwoCoordinatorsWebhooksIntegrationTest {
  private static final int REQUESTS_EACH = 30;
  private static final String REQUESTS = "/v1/override-requests";
  private static final String HOOK = "/audit-log";

  private static PostgresTestDatabase database;
  private static LoopbackReceiver receiver;
  private static final List<DropwizardTestSupport<CoordinatorConfiguration>> INSTANCES =
      new ArrayList<>();

  @BeforeAll
  static void startTwoCoordinators() throws Exception {
    database = PostgresTestDatabase.create();
    receiver = LoopbackReceiver.start();
    TestDeployment deployment = TestDeployment.plain();
    for (int i = 0; i < 2; i++) {
      List<ConfigOverride> overrides =
          new ArrayList<>(
              List.of(
                  deployment.overrides(
                      "webhooks.endpoints[0].url", receiver.url(HOOK),
                      "webhooks.endpoints[1].url", receiver.url("/approvals"),
                      "webhooks.endpoints[2].url", receiver.url("/flaky"))));
      database
          .databaseSettings()
          .forEach((key, value) -> overrides.add(ConfigOverride.config(key, value)));
      DropwizardTestSupport<CoordinatorConfiguration> instance =
          new DropwizardTestSupport<>(
              CoordinatorApplication.class,
              ResourceHelpers.resourceFilePath("configs/webhooks.yml"),
              overrides.toArray(ConfigOverride[]::new));
      INSTANCES.add(instance);
      instance.before();
    }
  }

  @AfterAll
  static void stop() {
    TestInstances.stopInReverse(INSTANCES);
    if (receiver != null) {
      receiver.close();
    }
    if (database != null) {
      database.close();
    }
  }

  @Test
  void bothInstancesDeliverEveryEventOnceBetweenThem() {
    for (int i = 0; i < REQUESTS_EACH * 2; i++) {
      CoordinatorHttp http = http(i % 2);
      Answer submitted = http.post(REQUESTS, submission("actor-hooks-" + i));
      assertThat(submitted.status()).as(submitted.text()).isEqualTo(201);
      String id = submitted.body().get("coordinatorRequestId").asText();
      Answer denied =
          http((i + 1) % 2).post(REQUESTS + "/" + id + "/deny", deny(TestDeployment.KEY_ID, "n"));
      assertThat(denied.status()).as(denied.text()).isEqualTo(200);
    }
    List<String> stored = new ArrayList<>();
    JsonNode page = http(0).get("/v1/audit-events?limit=500").body();
    page.get("data").forEach(e -> stored.add(e.get("id").asText()));
    assertThat(stored).hasSize(REQUESTS_EACH * 4);

    Await.until(
        "every event delivered",
        Duration.ofSeconds(60),
        () -> deliveries().keySet().containsAll(stored));

    assertThat(deliveries()).allSatisfy((id, count) -> assertThat(count).as(id).isEqualTo(1));
  }

  private static Map<String, Integer> deliveries() {
    Map<String, Integer> counts = new HashMap<>();
    receiver.eventsTo(HOOK).forEach(d -> counts.merge(d.eventId(), 1, Integer::sum));
    return counts;
  }

  private static CoordinatorHttp http(int instance) {
    return CoordinatorHttp.callers(INSTANCES.get(instance).getLocalPort());
  }
}
