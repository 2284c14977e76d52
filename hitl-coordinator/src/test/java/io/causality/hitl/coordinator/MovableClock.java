package io.causality.hitl.coordinator;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The system clock plus an offset that a test moves forward, so that expiry and cooldowns pass at
 * once while timestamps still advance between calls (lists stay newest first).
 */
public final class MovableClock extends Clock {
  private final AtomicReference<Duration> offset = new AtomicReference<>(Duration.ZERO);

  /** Moves the clock forward by {@code duration}. */
  public void advance(Duration duration) {
    offset.updateAndGet(current -> current.plus(duration));
  }

  @Override
  public Instant instant() {
    return Instant.now().plus(offset.get());
  }

  @Override
  public ZoneId getZone() {
    return ZoneOffset.UTC;
  }

  @Override
  public Clock withZone(ZoneId zone) {
    return this;
  }
}
