package io.causality.common.testing;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * Awaits a condition that another thread or process makes true, checking it every few milliseconds
 * until a deadline: tests wait for what they expect, never for a length of time.
 */
public final class Await {
  private static final long POLL_NANOS = TimeUnit.MILLISECONDS.toNanos(20);

  private Await() {}

  /** Returns once {@code condition} holds; fails with {@code what} when it never did in time. */
  public static void until(String what, Duration timeout, Callable<Boolean> condition) {
    if (!holds(timeout, condition)) {
      throw new AssertionError("Not within " + timeout + ": " + what);
    }
  }

  /** Whether {@code condition} came to hold within {@code timeout}. */
  public static boolean holds(Duration timeout, Callable<Boolean> condition) {
    return poll(timeout, () -> condition.call() ? Optional.of(true) : Optional.empty()).isPresent();
  }

  /** The first value {@code poll} offers; fails with {@code what} when none came in time. */
  public static <T> T value(String what, Duration timeout, Callable<Optional<T>> poll) {
    return poll(timeout, poll)
        .orElseThrow(() -> new AssertionError("Not within " + timeout + ": " + what));
  }

  /** The first value {@code poll} offers within {@code timeout}, or nothing. */
  public static <T> Optional<T> poll(Duration timeout, Callable<Optional<T>> poll) {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (true) {
      Optional<T> value = call(poll);
      if (value.isPresent() || System.nanoTime() - deadline >= 0) {
        return value;
      }
      LockSupport.parkNanos(POLL_NANOS);
      if (Thread.currentThread().isInterrupted()) {
        throw new IllegalStateException("Interrupted while awaiting a condition");
      }
    }
  }

  private static <T> T call(Callable<T> poll) {
    try {
      return poll.call();
    } catch (RuntimeException | Error e) {
      throw e;
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }
}
