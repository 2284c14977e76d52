package io.causality.hitl.coordinator.webhooks;

import java.time.Duration;
import java.util.Objects;
import java.util.random.RandomGenerator;

/**
 * Exponential backoff with full jitter (as AWS's architecture blog names it): after the n-th failed
 * attempt the next one waits a uniformly random time between 0 and {@code min(max, initial ×
 * 2^(n-1))}. The jitter spreads the retries of many deliveries that failed together (a receiver
 * that was down) so that they do not all come back at once.
 */
public final class Backoff {
  private final Duration initial;
  private final Duration max;
  private final RandomGenerator random;

  /** {@code random} is the jitter's source: seeded in tests. */
  public Backoff(Duration initial, Duration max, RandomGenerator random) {
    this.initial = Objects.requireNonNull(initial, "initial");
    this.max = Objects.requireNonNull(max, "max");
    this.random = Objects.requireNonNull(random, "random");
  }

  /** The upper bound of the wait after {@code failedAttempts} (1 or more) failed attempts. */
  public Duration ceiling(int failedAttempts) {
    int doublings = Math.max(0, Math.min(failedAttempts - 1, 62));
    long nanos = initial.toNanos();
    long ceiling = nanos > (max.toNanos() >> doublings) ? max.toNanos() : nanos << doublings;
    return Duration.ofNanos(Math.min(ceiling, max.toNanos()));
  }

  /** The wait before the next attempt after {@code failedAttempts} failed ones. */
  public Duration delay(int failedAttempts) {
    long ceiling = ceiling(failedAttempts).toNanos();
    return Duration.ofNanos(ceiling == 0 ? 0 : random.nextLong(ceiling + 1));
  }
}
