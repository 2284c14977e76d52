package io.causality.hitl.coordinator;

import io.causality.common.testing.TestClock;
import io.dropwizard.core.Application;
import io.dropwizard.testing.ConfigOverride;
import io.dropwizard.testing.DropwizardTestSupport;
import java.time.Clock;
import java.time.Instant;
import java.util.function.Supplier;

/**
 * A coordinator under test that runs on a clock the test holds ({@link TestClock}): expiry, tokens
 * and the rate limiters' periods all pass when the test advances it.
 */
public final class ClockedCoordinator {
  private ClockedCoordinator() {}

  /**
   * Test support for a coordinator whose {@link CoordinatorApplication#clock()} is {@code clock}.
   */
  public static DropwizardTestSupport<CoordinatorConfiguration> support(
      Clock clock, String configPath, ConfigOverride... overrides) {
    return new DropwizardTestSupport<>(CoordinatorApplication.class, configPath, overrides) {
      @Override
      public Application<CoordinatorConfiguration> newApplication() {
        return new CoordinatorApplication() {
          @Override
          protected Clock clock() {
            return clock;
          }

          @Override
          protected Supplier<Long> nanoTime() {
            return () -> epochNanos(clock.instant());
          }
        };
      }
    };
  }

  private static long epochNanos(Instant instant) {
    return instant.getEpochSecond() * 1_000_000_000L + instant.getNano();
  }
}
