package io.causality.hitl.coordinator.core;

import io.dropwizard.lifecycle.Managed;
import java.time.Clock;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The retention of decided requests: every {@code interval}, the requests whose last use lies more
 * than {@code keep} in the past are purged with their tokens, and their audit events stay (the
 * chain over them is unchanged). One thread, started and stopped with the server.
 */
public final class RequestRetention implements Managed {
  private static final Logger LOG = LoggerFactory.getLogger(RequestRetention.class);

  private final OverrideService overrides;
  private final Clock clock;
  private final Duration keep;
  private final Duration interval;
  private final ScheduledExecutorService sweeper =
      Executors.newSingleThreadScheduledExecutor(
          runnable -> {
            Thread thread = new Thread(runnable, "request-retention");
            thread.setDaemon(true);
            return thread;
          });

  public RequestRetention(
      OverrideService overrides, Clock clock, Duration keep, Duration interval) {
    this.overrides = Objects.requireNonNull(overrides, "overrides");
    this.clock = Objects.requireNonNull(clock, "clock");
    this.keep = Objects.requireNonNull(keep, "keep");
    this.interval = Objects.requireNonNull(interval, "interval");
  }

  /** Purges what is due now; the number of requests purged. */
  public int sweep() {
    int purged = overrides.purgeDecidedBefore(clock.instant().minus(keep));
    if (purged > 0) {
      LOG.info("Retention: purged {} decided requests last used over {} ago", purged, keep);
    }
    return purged;
  }

  @Override
  public void start() {
    sweeper.scheduleWithFixedDelay(
        this::sweepSafely, 0, interval.toMillis(), TimeUnit.MILLISECONDS);
  }

  @Override
  public void stop() {
    sweeper.shutdownNow();
  }

  private void sweepSafely() {
    try {
      sweep();
    } catch (RuntimeException e) {
      // the database may be briefly away: the next sweep purges what this one did not
      LOG.warn("Retention: the sweep failed", e);
    }
  }
}
