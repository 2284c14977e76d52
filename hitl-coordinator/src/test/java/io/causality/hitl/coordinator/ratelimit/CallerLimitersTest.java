package io.causality.hitl.coordinator.ratelimit;

import static org.assertj.core.api.Assertions.assertThat;

import io.causality.hitl.coordinator.config.RateLimitsConfig;
import io.dropwizard.util.Duration;
import java.util.OptionalLong;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * The limiters on a time source the test moves: two submissions and one redemption a minute per
 * identity, each budget and identity apart, and the wait rounded up to whole seconds.
 */
class CallerLimitersTest {
  private static final long SECOND = 1_000_000_000L;

  private final AtomicLong now = new AtomicLong(5 * SECOND);
  private final CallerLimiters limiters = new CallerLimiters(config(), now::get);

  private static RateLimitsConfig config() {
    RateLimitsConfig config = new RateLimitsConfig();
    config.setSubmissionsPerPeriod(2);
    config.setRedemptionsPerPeriod(1);
    config.setPeriod(Duration.minutes(1));
    return config;
  }

  @Test
  void theBudgetIsSpentThenTheWaitIsTheRestOfThePeriodRoundedUp() {
    assertThat(limiters.tryAcquire(Budget.SUBMISSIONS, "a")).isEmpty();
    assertThat(limiters.tryAcquire(Budget.SUBMISSIONS, "a")).isEmpty();
    assertThat(limiters.tryAcquire(Budget.SUBMISSIONS, "a")).isEqualTo(OptionalLong.of(60));

    now.addAndGet(59 * SECOND + SECOND / 2);
    assertThat(limiters.tryAcquire(Budget.SUBMISSIONS, "a")).isEqualTo(OptionalLong.of(1));

    now.addAndGet(SECOND / 2);
    assertThat(limiters.tryAcquire(Budget.SUBMISSIONS, "a")).isEmpty();
  }

  @Test
  void budgetsAndIdentitiesAreApart() {
    limiters.tryAcquire(Budget.SUBMISSIONS, "a");
    limiters.tryAcquire(Budget.SUBMISSIONS, "a");
    assertThat(limiters.tryAcquire(Budget.SUBMISSIONS, "a")).isPresent();

    assertThat(limiters.tryAcquire(Budget.REDEMPTIONS, "a")).isEmpty();
    assertThat(limiters.tryAcquire(Budget.REDEMPTIONS, "a")).isPresent();
    assertThat(limiters.tryAcquire(Budget.SUBMISSIONS, "b")).isEmpty();
    assertThat(limiters.limitOf(Budget.SUBMISSIONS)).isEqualTo(2);
    assertThat(limiters.periodText()).isEqualTo("1 minute");
  }

  @Test
  void refusedCallsUseNoPermit() {
    limiters.tryAcquire(Budget.REDEMPTIONS, "a");
    for (int i = 0; i < 5; i++) {
      assertThat(limiters.tryAcquire(Budget.REDEMPTIONS, "a")).isPresent();
    }

    now.addAndGet(60 * SECOND);

    assertThat(limiters.tryAcquire(Budget.REDEMPTIONS, "a")).isEmpty();
  }
}
