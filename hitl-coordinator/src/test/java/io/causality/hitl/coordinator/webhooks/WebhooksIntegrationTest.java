package io.causality.hitl.coordinator.webhooks;

import static io.causality.hitl.coordinator.OverrideBodies.approve;
import static io.causality.hitl.coordinator.OverrideBodies.deny;
import static io.causality.hitl.coordinator.OverrideBodies.redeem;
import static io.causality.hitl.coordinator.OverrideBodies.submission;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import com.codahale.metrics.MetricRegistry;
import com.fasterxml.jackson.databind.JsonNode;
import io.causality.common.testing.Await;
import io.causality.common.testing.TestClock;
import io.causality.hitl.coordinator.ClockedCoordinator;
import io.causality.hitl.coordinator.CoordinatorConfiguration;
import io.causality.hitl.coordinator.CoordinatorHttp;
import io.causality.hitl.coordinator.CoordinatorHttp.Answer;
import io.causality.hitl.coordinator.TestDeployment;
import io.causality.hitl.coordinator.policy.StartupCheckException;
import io.dropwizard.testing.DropwizardTestSupport;
import io.dropwizard.testing.ResourceHelpers;
import io.dropwizard.testing.junit5.DropwizardAppExtension;
import io.dropwizard.testing.junit5.DropwizardExtensionsSupport;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Webhooks end to end, to a receiver on loopback, on a clock the test moves (configs/webhooks.yml:
 * every event to /audit-log, APPROVED to /approvals, DENIED to /flaky; three attempts, backoff of 1
 * to 4 seconds). Retries wait for the test to move the clock past their backoff, so nothing here
 * depends on how fast the machine is.
 */
@ExtendWith(DropwizardExtensionsSupport.class)
class WebhooksIntegrationTest {
  private static final String CONFIG = ResourceHelpers.resourceFilePath("configs/webhooks.yml");
  private static final String AUDIT_LOG_SECRET = "audit-log-secret-0123456789";
  private static final String APPROVALS_SECRET = "approvals-secret-0123456789";
  private static final String FLAKY_SECRET = "flaky-secret-0123456789abc";
  private static final Duration WAIT = Duration.ofSeconds(30);
  private static final Duration MAX_BACKOFF = Duration.ofSeconds(4);
  private static final String REQUESTS = "/v1/override-requests";

  static final LoopbackReceiver RECEIVER = LoopbackReceiver.start();
  static final TestClock CLOCK = TestClock.stoppedAt(Instant.parse("2026-11-26T12:00:00Z"));
  static final TestDeployment DEPLOYMENT = TestDeployment.plain();
  static final DropwizardAppExtension<CoordinatorConfiguration> APP =
      new DropwizardAppExtension<>(
          ClockedCoordinator.support(
              CLOCK,
              CONFIG,
              DEPLOYMENT.overrides(
                  "webhooks.endpoints[0].url", RECEIVER.url("/audit-log"),
                  "webhooks.endpoints[1].url", RECEIVER.url("/approvals"),
                  "webhooks.endpoints[2].url", RECEIVER.url("/flaky"))));

  private CoordinatorHttp http;

  @BeforeEach
  void client() {
    http = CoordinatorHttp.callers(APP.getLocalPort());
  }

  @AfterAll
  static void stopReceiver() {
    RECEIVER.close();
  }

  private String submitted() {
    Answer answer = http.post(REQUESTS, submission("actor-" + UUID.randomUUID()));
    assertThat(answer.status()).as(answer.text()).isEqualTo(201);
    return answer.body().get("coordinatorRequestId").asText();
  }

  private List<JsonNode> eventsOf(String requestId) {
    Answer answer = http.get("/v1/audit-events?requestId=" + requestId);
    assertThat(answer.status()).as(answer.text()).isEqualTo(200);
    List<JsonNode> events = new ArrayList<>();
    answer.body().get("data").forEach(events::add);
    return events;
  }

  private String deniedEvent() {
    String id = submitted();
    Answer denied = http.post(REQUESTS + "/" + id + "/deny", deny(TestDeployment.KEY_ID, "no"));
    assertThat(denied.status()).as(denied.text()).isEqualTo(200);
    return eventsOf(id).stream()
        .filter(e -> e.get("eventType").asText().equals("DENIED"))
        .map(e -> e.get("id").asText())
        .findFirst()
        .orElseThrow();
  }

  private static void awaitAttempts(String path, String eventId, int attempts) {
    Await.until(
        attempts + " attempts of " + eventId + " at " + path,
        WAIT,
        () -> RECEIVER.of(path, eventId).size() >= attempts);
  }

  private static MetricRegistry metrics() {
    return APP.getEnvironment().metrics();
  }

  @Test
  void everyEventOfAFlowArrivesOnceSignedAndAsTheApiShowsIt() throws Exception {
    String id = submitted();
    Answer token = http.post(REQUESTS + "/" + id + "/approve", approve(TestDeployment.KEY_ID));
    assertThat(token.status()).as(token.text()).isEqualTo(200);
    JsonNode record = http.get(REQUESTS + "/" + id).body();
    assertThat(http.post("/v1/override-tokens/redeem", redeem(token.body(), record)).status())
        .isEqualTo(200);
    List<JsonNode> events = eventsOf(id);
    assertThat(events)
        .extracting(e -> e.get("eventType").asText())
        .containsExactly("SUBMITTED", "APPROVED", "REDEEMED");

    for (JsonNode event : events) {
      String eventId = event.get("id").asText();
      awaitAttempts("/audit-log", eventId, 1);
      List<LoopbackReceiver.Delivery> arrived = RECEIVER.of("/audit-log", eventId);
      assertThat(arrived).as("deliveries of " + eventId).hasSize(1);
      LoopbackReceiver.Delivery delivery = arrived.get(0);
      assertThat(CoordinatorHttp.JSON.readTree(delivery.body())).isEqualTo(event);
      assertThat(delivery.verifies(AUDIT_LOG_SECRET)).isTrue();
      assertThat(delivery.verifies(APPROVALS_SECRET)).isFalse();
      assertThat(delivery.header("X-Causality-Event-Type"))
          .isEqualTo(event.get("eventType").asText());
      assertThat(delivery.header("X-Causality-Timestamp"))
          .isEqualTo(Long.toString(CLOCK.instant().getEpochSecond()));
      assertThat(delivery.header("Content-Type")).isEqualTo("application/json");
    }
    String approved = events.get(1).get("id").asText();
    awaitAttempts("/approvals", approved, 1);
    assertThat(RECEIVER.first("/approvals", approved).orElseThrow().verifies(APPROVALS_SECRET))
        .isTrue();
    assertThat(RECEIVER.of("/approvals", events.get(0).get("id").asText())).isEmpty();
    assertThat(RECEIVER.of("/approvals", events.get(2).get("id").asText())).isEmpty();
    // the receiver answers before the deliverer records the outcome
    Await.until(
        "four deliveries recorded",
        WAIT,
        () -> metrics().meter("webhooks.delivered").getCount() >= 4);
    assertThat(metrics().timer("webhooks.delivery-lag").getCount()).isGreaterThanOrEqualTo(4);
  }

  @Test
  void aFailedDeliveryIsTriedAgainOnceItsBackoffHasPassed() {
    long failedBefore = metrics().meter("webhooks.failed-attempts").getCount();
    RECEIVER.answerNext("/flaky", 500);
    String eventId = deniedEvent();

    awaitAttempts("/flaky", eventId, 1);
    Await.until(
        "the failed attempt recorded",
        WAIT,
        () -> metrics().meter("webhooks.failed-attempts").getCount() == failedBefore + 1);
    assertThat(RECEIVER.of("/flaky", eventId)).as("no retry before the backoff").hasSize(1);
    CLOCK.advance(MAX_BACKOFF);
    awaitAttempts("/flaky", eventId, 2);

    List<LoopbackReceiver.Delivery> attempts = RECEIVER.of("/flaky", eventId);
    assertThat(attempts)
        .extracting(d -> d.header("X-Causality-Delivery-Attempt"))
        .containsExactly("1", "2");
    assertThat(attempts.get(1).verifies(FLAKY_SECRET)).isTrue();
    assertThat(attempts.get(1).body()).isEqualTo(attempts.get(0).body());
  }

  @Test
  void aDeliveryThatKeepsFailingIsGivenUpAfterMaxAttemptsAndCounted() {
    long givenUpBefore = metrics().meter("webhooks.permanently-failed").getCount();
    long failedBefore = metrics().meter("webhooks.failed-attempts").getCount();
    RECEIVER.answerNext("/flaky", 500, 503, 404);
    String eventId = deniedEvent();

    for (int attempt = 1; attempt <= 3; attempt++) {
      awaitAttempts("/flaky", eventId, attempt);
      long failed = failedBefore + attempt;
      // the next attempt is scheduled from the clock at the time the failure is recorded
      Await.until(
          "attempt " + attempt + " recorded",
          WAIT,
          () -> metrics().meter("webhooks.failed-attempts").getCount() == failed);
      CLOCK.advance(MAX_BACKOFF);
    }
    Await.until(
        "the delivery given up",
        WAIT,
        () -> metrics().meter("webhooks.permanently-failed").getCount() == givenUpBefore + 1);
    Await.until(
        "the failed row counted",
        WAIT,
        () -> (Long) metrics().getGauges().get("webhooks.failed").getValue() >= 1);
    CLOCK.advance(MAX_BACKOFF);
    assertThat(RECEIVER.of("/flaky", eventId)).hasSize(3);
  }

  // ---- endpoints refused at start

  private static StartupCheckException startFailure(String... overrides) {
    DropwizardTestSupport<CoordinatorConfiguration> support =
        new DropwizardTestSupport<>(
            io.causality.hitl.coordinator.CoordinatorApplication.class,
            CONFIG,
            TestDeployment.plain().overrides(overrides));
    try {
      support.before();
    } catch (StartupCheckException e) {
      return e;
    } catch (Exception e) {
      fail("expected a startup check failure, got " + e, e);
    } finally {
      support.after();
    }
    return fail("the coordinator started");
  }

  @Test
  void anEndpointOnAHostNotAllowedStopsTheStart() {
    assertThat(startFailure("webhooks.endpoints[2].url", "http://203.0.113.7:8443/hooks/x"))
        .hasMessage(
            "webhooks.endpoints[2] (flaky): url host 203.0.113.7 is not in webhooks.allowedHosts"
                + " [127.0.0.1, localhost]");
  }

  @Test
  void anEndpointThatIsNotHttpStopsTheStart() {
    assertThat(startFailure("webhooks.endpoints[0].url", "file:///etc/passwd"))
        .hasMessage(
            "webhooks.endpoints[0] (audit-log): url is not an http or https URL with a host (and"
                + " no user information)");
  }
}
