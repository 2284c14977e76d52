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

  private OptionalLong refusal(Budget budget, String identity) {
    BudgetState state = limiters.tryAcquire(budget, identity);
    return state.admitted() ? OptionalLong.empty() : OptionalLong.of(state.retryAfterSeconds());
  }

  @Test
  void theBudgetIsSpentThenTheWaitIsTheRestOfThePeriodRoundedUp() {
    assertThat(refusal(Budget.SUBMISSIONS, "a")).isEmpty();
    assertThat(refusal(Budget.SUBMISSIONS, "a")).isEmpty();
    assertThat(refusal(Budget.SUBMISSIONS, "a")).isEqualTo(OptionalLong.of(60));

    now.addAndGet(59 * SECOND + SECOND / 2);
    assertThat(refusal(Budget.SUBMISSIONS, "a")).isEqualTo(OptionalLong.of(1));

    now.addAndGet(SECOND / 2);
    assertThat(refusal(Budget.SUBMISSIONS, "a")).isEmpty();
  }

  @Test
  void eachCallTellsTheLimitWhatIsLeftAndWhenTheBudgetRefills() {
    assertThat(limiters.tryAcquire(Budget.SUBMISSIONS, "a"))
        .isEqualTo(new BudgetState(true, 2, 1, 60 * SECOND, 0));
    now.addAndGet(15 * SECOND);
    assertThat(limiters.tryAcquire(Budget.SUBMISSIONS, "a"))
        .isEqualTo(new BudgetState(true, 2, 0, 45 * SECOND, 0));
    assertThat(limiters.tryAcquire(Budget.SUBMISSIONS, "a"))
        .isEqualTo(new BudgetState(false, 2, 0, 45 * SECOND, 45));

    now.addAndGet(50 * SECOND);
    assertThat(limiters.tryAcquire(Budget.SUBMISSIONS, "a"))
        .isEqualTo(new BudgetState(true, 2, 1, 55 * SECOND, 0));
  }

  @Test
  void budgetsAndIdentitiesAreApart() {
    refusal(Budget.SUBMISSIONS, "a");
    refusal(Budget.SUBMISSIONS, "a");
    assertThat(refusal(Budget.SUBMISSIONS, "a")).isPresent();

    assertThat(refusal(Budget.REDEMPTIONS, "a")).isEmpty();
    assertThat(refusal(Budget.REDEMPTIONS, "a")).isPresent();
    assertThat(refusal(Budget.SUBMISSIONS, "b")).isEmpty();
    assertThat(limiters.limitOf(Budget.SUBMISSIONS)).isEqualTo(2);
    assertThat(limiters.periodText()).isEqualTo("1 minute");
  }

  @Test
  void refusedCallsUseNoPermit() {
    refusal(Budget.REDEMPTIONS, "a");
    for (int i = 0; i < 5; i++) {
      assertThat(refusal(Budget.REDEMPTIONS, "a")).isPresent();
    }

    now.addAndGet(60 * SECOND);

    assertThat(refusal(Budget.REDEMPTIONS, "a")).isEmpty();
  }
}
