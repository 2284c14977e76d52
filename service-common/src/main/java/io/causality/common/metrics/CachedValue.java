package io.causality.common.metrics;

import java.time.Duration;
import java.util.Objects;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A value read at most once per {@code ttl}, however often it is asked for: what a gauge read from
 * the database shows, so that a scrape every second costs one query every few seconds. The read
 * runs on the asking thread; concurrent askers wait for it. A failed read keeps the previous value
 * (logged once per failure streak) until a later read succeeds.
 */
public final class CachedValue<T> {
  private static final Logger LOG = LoggerFactory.getLogger(CachedValue.class);

  private final String name;
  private final Supplier<T> read;
  private final long ttlNanos;
  private final LongSupplier nanoTime;
  private volatile T value;
  private volatile long readAt;
  private volatile boolean read0;
  private boolean failing;

  /**
   * @param name what is read, for the log
   * @param initial the value until the first read succeeds
   * @param read the read, which may throw
   * @param ttl how long a read value is kept
   * @param nanoTime a monotonic clock ({@code System::nanoTime}; tests pass their own)
   */
  public CachedValue(
      String name, T initial, Supplier<T> read, Duration ttl, LongSupplier nanoTime) {
    this.name = Objects.requireNonNull(name, "name");
    this.value = Objects.requireNonNull(initial, "initial");
    this.read = Objects.requireNonNull(read, "read");
    this.ttlNanos = ttl.toNanos();
    this.nanoTime = Objects.requireNonNull(nanoTime, "nanoTime");
  }

  /** The value, read again first when the last read is older than the ttl. */
  public T get() {
    long now = nanoTime.getAsLong();
    if (!read0 || now - readAt >= ttlNanos) {
      refresh(now);
    }
    return value;
  }

  private synchronized void refresh(long now) {
    if (read0 && now - readAt < ttlNanos) {
      return; // another thread read it meanwhile
    }
    readAt = now;
    read0 = true;
    try {
      value = Objects.requireNonNull(read.get(), name);
      failing = false;
    } catch (RuntimeException e) {
      if (!failing) {
        LOG.warn(
            "Could not read {} for the metrics; showing the last value: {}", name, e.toString());
      }
      failing = true;
    }
  }
}
