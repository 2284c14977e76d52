package io.causality.hitl.coordinator.core;

import io.causality.common.schedule.PeriodicTask;
import io.dropwizard.lifecycle.Managed;
import java.time.Clock;
import java.time.Duration;
import java.util.Objects;
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
  private final PeriodicTask sweeps;

  public RequestRetention(
      OverrideService overrides, Clock clock, Duration keep, Duration interval) {
    this.overrides = Objects.requireNonNull(overrides, "overrides");
    this.clock = Objects.requireNonNull(clock, "clock");
    this.keep = Objects.requireNonNull(keep, "keep");
    this.sweeps =
        new PeriodicTask(
            "request-retention",
            RequestRetention.class,
            Duration.ZERO,
            Objects.requireNonNull(interval, "interval"),
            this::sweep);
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
    sweeps.start();
  }

  /** Lets a sweep under way finish; a failed one is logged, and the next purges what it did not. */
  @Override
  public void stop() throws InterruptedException {
    sweeps.stop();
  }
}
