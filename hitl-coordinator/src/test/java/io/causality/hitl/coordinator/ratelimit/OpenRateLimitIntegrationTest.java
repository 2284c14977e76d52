package io.causality.hitl.coordinator.ratelimit;

import static io.causality.hitl.coordinator.OverrideBodies.submission;
import static org.assertj.core.api.Assertions.assertThat;

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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Without callers (open on loopback) the budget is the client address's: one submission a minute
 * here, on a stopped clock.
 */
@ExtendWith(DropwizardExtensionsSupport.class)
class OpenRateLimitIntegrationTest {
  private static final TestClock CLOCK = TestClock.stoppedAt(Instant.parse("2026-11-25T05:00:00Z"));
  static final DropwizardAppExtension<CoordinatorConfiguration> APP =
      new DropwizardAppExtension<>(
          ClockedCoordinator.support(
              CLOCK,
              ResourceHelpers.resourceFilePath("configs/minimal.yml"),
              TestDeployment.plain().overrides("rateLimits.submissionsPerPeriod", "1")));

  private static final String REQUESTS = "/v1/override-requests";

  @Test
  void theClientAddressIsLimited() {
    CoordinatorHttp open = new CoordinatorHttp(APP.getLocalPort());
    assertThat(open.post(REQUESTS, submission("open-actor-1")).status()).isEqualTo(201);

    Answer refused = open.post(REQUESTS, submission("open-actor-2"));

    assertThat(refused.status()).isEqualTo(429);
    assertThat(refused.errorCode()).isEqualTo("RATE_LIMITED");
    assertThat(refused.headers().firstValue("Retry-After")).contains("60");
    assertThat(refused.body().path("error").path("message").asText())
        .contains("1 submissions per 1 minute", "address 127.0.0.1");

    CLOCK.advance(Duration.ofMinutes(1));
    assertThat(open.post(REQUESTS, submission("open-actor-3")).status()).isEqualTo(201);
  }
}
