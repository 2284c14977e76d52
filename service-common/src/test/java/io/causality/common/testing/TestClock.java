package io.causality.common.testing;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The clock that tests give the services: the system clock moved forward on demand, so that expiry,
 * cooldowns and windows pass at once while timestamps still advance between calls (lists stay
 * newest first). A test that counts milliseconds {@link #stop()}s it first, or starts it
 * {@linkplain #stoppedAt stopped}, so that only {@link #advance} moves it.
 */
public final class TestClock extends Clock {
  private final AtomicReference<Duration> offset = new AtomicReference<>(Duration.ZERO);
  private final AtomicReference<Instant> stoppedAt = new AtomicReference<>();

  /** A clock that stands at {@code start} until a test advances it. */
  public static TestClock stoppedAt(Instant start) {
    TestClock clock = new TestClock();
    clock.stoppedAt.set(start);
    return clock;
  }

  /** Moves the clock forward by {@code duration}. */
  public void advance(Duration duration) {
    offset.updateAndGet(current -> current.plus(duration));
  }

  /** From now on the clock reads the instant it reads now, plus whatever is advanced. */
  public void stop() {
    stoppedAt.compareAndSet(null, Instant.now());
  }

  @Override
  public Instant instant() {
    Instant stopped = stoppedAt.get();
    return (stopped == null ? Instant.now() : stopped).plus(offset.get());
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
