package io.causality.hitl.coordinator.ratelimit;

import static io.causality.hitl.coordinator.OverrideBodies.submission;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.causality.common.testing.TestClock;
import io.causality.hitl.coordinator.ClockedCoordinator;
import io.causality.hitl.coordinator.CoordinatorConfiguration;
import io.causality.hitl.coordinator.CoordinatorHttp;
import io.causality.hitl.coordinator.CoordinatorHttp.Answer;
import io.causality.hitl.coordinator.TestDeployment;
import io.dropwizard.testing.ResourceHelpers;
import io.dropwizard.testing.junit5.DropwizardAppExtension;
import io.dropwizard.testing.junit5.DropwizardExtensionsSupport;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Per-caller rate limits over HTTP (docs/coordinator.md, "Rate limits"): two submissions and three
 * redemptions per caller a minute, three submissions per requester organization, on a stopped clock
 * the test moves, so that a period passes only when the test says so. Each test starts a period
 * later than the last, when every budget is full.
 */
@ExtendWith(DropwizardExtensionsSupport.class)
class RateLimitIntegrationTest {
  private static final TestClock CLOCK = TestClock.stoppedAt(Instant.parse("2026-11-25T05:00:00Z"));
  private static final TestDeployment DEPLOYMENT = TestDeployment.plain();
  private static final String LIMITS = "rateLimits.";
  static final DropwizardAppExtension<CoordinatorConfiguration> APP =
      new DropwizardAppExtension<>(
          ClockedCoordinator.support(
              CLOCK,
              ResourceHelpers.resourceFilePath("configs/callers.yml"),
              DEPLOYMENT.overrides(
                  LIMITS + "submissionsPerPeriod", "2",
                  LIMITS + "submissionsPerOrganizationPerPeriod", "3",
                  LIMITS + "redemptionsPerPeriod", "3",
                  LIMITS + "period", "1 minute")));
  private static final String REQUESTS = "/v1/override-requests";
  private static final String REDEEM = "/v1/override-tokens/redeem";
  private static final AtomicInteger ACTORS = new AtomicInteger();

  private CoordinatorHttp runtime;
  private CoordinatorHttp submitOnly;

  @BeforeEach
  void nextPeriod() {
    CLOCK.advance(Duration.ofHours(1));
    CoordinatorHttp http = new CoordinatorHttp(APP.getLocalPort());
    runtime = http.withToken("runtime-token-0123456789abcdef");
    submitOnly = http.withToken("submitter-token-0123456789abcdef");
  }

  @Test
  void overTheLimitIs429WithRetryAfterInTheEnvelope() {
    spendSubmissions(runtime);

    Answer refused = runtime.post(REQUESTS, newSubmission());

    assertThat(refused.status()).as(refused.text()).isEqualTo(429);
    assertThat(refused.errorCode()).isEqualTo("RATE_LIMITED");
    assertThat(refused.headers().firstValue("Retry-After")).contains("60");
    assertThat(refused.body().path("error").path("message").asText())
        .contains("2 submissions per 1 minute", "caller runtime", "retry after 60 seconds");
    assertThat(refused.body().path("error").path("requestId").asText()).isNotBlank();
  }

  @Test
  void retryAfterCountsDownToTheNextPeriodRoundedUp() {
    spendSubmissions(runtime);
    CLOCK.advance(Duration.ofMillis(40_500));

    Answer refused = runtime.post(REQUESTS, newSubmission());

    assertThat(refused.status()).isEqualTo(429);
    assertThat(refused.headers().firstValue("Retry-After")).contains("20");
  }

  @Test
  void everyChargedAnswerTellsTheBudgetWhatIsLeftAndWhenItRefills() {
    long periodEnd = secondsAfter(60);
    Answer invalid = runtime.post(REQUESTS, CoordinatorHttp.JSON.createObjectNode());
    assertThat(invalid.status()).isEqualTo(400);
    assertThat(budget(invalid)).containsExactly(2L, 1L, periodEnd);
    CLOCK.advance(Duration.ofSeconds(15));

    Answer admitted = runtime.post(REQUESTS, newSubmission());
    assertThat(admitted.status()).as(admitted.text()).isEqualTo(201);
    assertThat(budget(admitted)).containsExactly(2L, 0L, periodEnd);

    Answer refused = runtime.post(REQUESTS, newSubmission());
    assertThat(refused.status()).isEqualTo(429);
    assertThat(budget(refused)).containsExactly(2L, 0L, periodEnd);
    assertThat(refused.headers().firstValue("Retry-After")).contains("45");

    Answer redeemed = runtime.post(REDEEM, unknownTokenRedemption());
    assertThat(budget(redeemed)).containsExactly(3L, 2L, secondsAfter(60));
  }

  /** The Unix second {@code seconds} from now on the test clock, rounded up. */
  private static long secondsAfter(long seconds) {
    Instant then = CLOCK.instant().plusSeconds(seconds);
    return then.getEpochSecond() + (then.getNano() > 0 ? 1 : 0);
  }

  @Test
  void anAnswerThatCameBeforeTheLimiterCarriesNoBudget() {
    Answer anonymous = new CoordinatorHttp(APP.getLocalPort()).post(REQUESTS, newSubmission());
    assertThat(anonymous.status()).isEqualTo(401);
    assertThat(anonymous.headers().firstValue("X-RateLimit-Limit")).isEmpty();
    Answer list = runtime.withToken("operator-token-0123456789abcdef").get(REQUESTS);
    assertThat(list.status()).isEqualTo(200);
    assertThat(list.headers().firstValue("X-RateLimit-Limit")).isEmpty();
  }

  /** X-RateLimit-Limit, -Remaining and -Reset of an answer. */
  private static List<Long> budget(Answer answer) {
    return Stream.of("Limit", "Remaining", "Reset")
        .map(name -> answer.headers().firstValue("X-RateLimit-" + name).orElseThrow())
        .map(Long::parseLong)
        .toList();
  }

  @Test
  void thePeriodPassingAdmitsAgain() {
    spendSubmissions(runtime);
    assertThat(runtime.post(REQUESTS, newSubmission()).status()).isEqualTo(429);

    CLOCK.advance(Duration.ofSeconds(60));

    Answer admitted = runtime.post(REQUESTS, newSubmission());
    assertThat(admitted.status()).as(admitted.text()).isEqualTo(201);
  }

  @Test
  void anotherCallerIsNotAffected() {
    spendSubmissions(runtime);
    assertThat(runtime.post(REQUESTS, newSubmission()).status()).isEqualTo(429);

    Answer other = submitOnly.post(REQUESTS, newSubmission());

    assertThat(other.status()).as(other.text()).isEqualTo(201);
  }

  @Test
  void redemptionsPassWhileSubmissionsAreLimited() {
    spendSubmissions(runtime);
    assertThat(runtime.post(REQUESTS, newSubmission()).status()).isEqualTo(429);

    for (int i = 0; i < 3; i++) {
      Answer redeemed = runtime.post(REDEEM, unknownTokenRedemption());
      assertThat(redeemed.status()).as(redeemed.text()).isEqualTo(200);
      assertThat(redeemed.body().get("status").asText()).isEqualTo("UNKNOWN_TOKEN");
    }
    Answer refused = runtime.post(REDEEM, unknownTokenRedemption());
    assertThat(refused.status()).isEqualTo(429);
    assertThat(refused.errorCode()).isEqualTo("RATE_LIMITED");
    assertThat(refused.body().path("error").path("message").asText())
        .contains("3 redemptions per 1 minute");
  }

  @Test
  void aRefusedCallUsesNoPermitAndACallerWithoutTheRoleIsNotCharged() {
    CoordinatorHttp operator =
        new CoordinatorHttp(APP.getLocalPort()).withToken("operator-token-0123456789abcdef");
    assertThat(operator.post(REQUESTS, newSubmission()).status()).isEqualTo(403);
    spendSubmissions(runtime);
    for (int i = 0; i < 3; i++) {
      assertThat(runtime.post(REQUESTS, newSubmission()).status()).isEqualTo(429);
    }

    CLOCK.advance(Duration.ofSeconds(60));

    spendSubmissions(runtime);
  }

  /**
   * Found by review: every organization shared the runtime's one caller budget, so one
   * organization's flood of escalations refused the next organization's. A submission naming its
   * requester is charged to the requester's organization instead.
   */
  @Test
  void oneOrganizationSpendsItsOwnBudgetNotAnotherOrganizationsNorTheCallers() {
    for (int i = 0; i < 3; i++) {
      Answer admitted = runtime.post(REQUESTS, newSubmission("org-acme"));
      assertThat(admitted.status()).as(admitted.text()).isEqualTo(201);
    }

    Answer refused = runtime.post(REQUESTS, newSubmission("org-acme"));
    Answer otherOrganization = runtime.post(REQUESTS, newSubmission("org-globex"));

    assertThat(refused.status()).as(refused.text()).isEqualTo(429);
    assertThat(refused.body().path("error").path("message").asText())
        .contains("3 submissions per 1 minute", "organization org-acme");
    assertThat(refused.headers().firstValue("Retry-After")).isPresent();
    assertThat(otherOrganization.status()).as(otherOrganization.text()).isEqualTo(201);
    spendSubmissions(runtime);
  }

  private static ObjectNode newSubmission(String organization) {
    ObjectNode body = newSubmission();
    body.putObject("requester")
        .put("organizationId", organization)
        .put("kind", "API_KEY")
        .put("id", "key-" + ACTORS.get());
    return body;
  }

  private static void spendSubmissions(CoordinatorHttp caller) {
    for (int i = 0; i < 2; i++) {
      Answer admitted = caller.post(REQUESTS, newSubmission());
      assertThat(admitted.status()).as(admitted.text()).isEqualTo(201);
    }
  }

  private static ObjectNode newSubmission() {
    return submission("rate-actor-" + ACTORS.incrementAndGet());
  }

  private static ObjectNode unknownTokenRedemption() {
    return CoordinatorHttp.JSON
        .createObjectNode()
        .put("tokenId", UUID.randomUUID().toString())
        .put("requestHash", "sha256:unknown")
        .put("policyVersion", TestDeployment.POLICY_VERSION)
        .put("licenseId", "lic-1")
        .put("actorId", "rate-actor");
  }
}
