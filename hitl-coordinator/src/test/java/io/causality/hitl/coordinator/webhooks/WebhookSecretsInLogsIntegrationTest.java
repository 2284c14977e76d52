package io.causality.hitl.coordinator.webhooks;

import static io.causality.hitl.coordinator.OverrideBodies.deny;
import static io.causality.hitl.coordinator.OverrideBodies.submission;
import static org.assertj.core.api.Assertions.assertThat;

import com.codahale.metrics.MetricRegistry;
import io.causality.common.testing.Await;
import io.causality.common.testing.ConsoleCapture;
import io.causality.common.testing.TestClock;
import io.causality.hitl.coordinator.ClockedCoordinator;
import io.causality.hitl.coordinator.CoordinatorConfiguration;
import io.causality.hitl.coordinator.CoordinatorHttp;
import io.causality.hitl.coordinator.CoordinatorHttp.Answer;
import io.causality.hitl.coordinator.TestDeployment;
import io.dropwizard.testing.ResourceHelpers;
import io.dropwizard.testing.junit5.DropwizardAppExtension;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/**
 * Neither a webhook's secret nor its URL's path (which may carry a token of its own) reaches the
 * console, at INFO, through a start, deliveries, failed attempts and a delivery given up: the log
 * lines name the endpoint, the event and why an attempt failed.
 */
class WebhookSecretsInLogsIntegrationTest {
  private static final String SECRET_PATH = "/hooks/T0K3N-in-the-path-4f9a";

  @Test
  void theLogsNameEndpointsNeverSecretsOrPaths() throws Exception {
    TestClock clock = TestClock.stoppedAt(Instant.parse("2026-11-26T12:00:00Z"));
    String console;
    try (LoopbackReceiver receiver = LoopbackReceiver.start();
        ConsoleCapture capture = ConsoleCapture.start()) {
      receiver.answerNext(SECRET_PATH, 500, 500, 500);
      DropwizardAppExtension<CoordinatorConfiguration> app =
          new DropwizardAppExtension<>(
              ClockedCoordinator.support(
                  clock,
                  ResourceHelpers.resourceFilePath("configs/webhooks.yml"),
                  TestDeployment.plain()
                      .overrides(
                          "logging.level", "INFO",
                          "webhooks.endpoints[0].url", receiver.url("/audit-log"),
                          "webhooks.endpoints[1].url", receiver.url("/approvals"),
                          "webhooks.endpoints[2].url", receiver.url(SECRET_PATH))));
      app.before();
      try {
        denyOne(app, receiver, clock);
      } finally {
        app.after();
      }
      console = capture.text();
    }
    assertThat(console)
        .contains("Webhooks: delivering audit events to")
        .contains("Webhook flaky: attempt 1 for event")
        .contains("Webhook flaky: gave up on event")
        .contains("answered 500");
    assertThat(console)
        .doesNotContain("audit-log-secret-0123456789")
        .doesNotContain("approvals-secret-0123456789")
        .doesNotContain("flaky-secret-0123456789abc")
        .doesNotContain(SECRET_PATH);
  }

  /** A denial, whose delivery to flaky fails three times and is given up. */
  private static void denyOne(
      DropwizardAppExtension<CoordinatorConfiguration> app,
      LoopbackReceiver receiver,
      TestClock clock) {
    CoordinatorHttp http = CoordinatorHttp.callers(app.getLocalPort());
    MetricRegistry metrics = app.getEnvironment().metrics();
    Answer submitted = http.post("/v1/override-requests", submission("actor-logs"));
    String id = submitted.body().get("coordinatorRequestId").asText();
    http.post("/v1/override-requests/" + id + "/deny", deny(TestDeployment.KEY_ID, "no"));
    for (int attempt = 1; attempt <= 3; attempt++) {
      int attempts = attempt;
      // the next attempt is scheduled from the clock at the time the failure is recorded
      Await.until(
          "attempt " + attempt + " recorded",
          Duration.ofSeconds(30),
          () -> metrics.meter("webhooks.failed-attempts").getCount() >= attempts);
      clock.advance(Duration.ofSeconds(4));
    }
    Await.until(
        "the delivery given up",
        Duration.ofSeconds(30),
        () -> metrics.meter("webhooks.permanently-failed").getCount() == 1);
  }
}
