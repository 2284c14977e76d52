package io.causality.hitl.coordinator.core;

import io.dropwizard.lifecycle.Managed;
import java.time.Clock;
import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.Objects;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Signs a checkpoint of the audit chain's head every {@code audit.checkpointInterval} when events
 * were appended since the last one, so that a quiet coordinator's last events do not wait for the
 * next {@code checkpointEveryEvents}-th event to be covered. One thread, started and stopped with
 * the server; instances sharing a database write one checkpoint per head between them.
 */
public final class AuditCheckpointer implements Managed {
  private static final Logger LOG = LoggerFactory.getLogger(AuditCheckpointer.class);

  private final AuditTrail audit;
  private final Clock clock;
  private final Duration every;
  private final ScheduledExecutorService timer =
      Executors.newSingleThreadScheduledExecutor(
          runnable -> {
            Thread thread = new Thread(runnable, "audit-checkpoints");
            thread.setDaemon(true);
            return thread;
          });

  public AuditCheckpointer(AuditTrail audit, Clock clock, Duration every) {
    this.audit = Objects.requireNonNull(audit, "audit");
    this.clock = Objects.requireNonNull(clock, "clock");
    this.every = Objects.requireNonNull(every, "every");
  }

  @Override
  public void start() {
    timer.scheduleWithFixedDelay(
        this::checkpointSafely, every.toMillis(), every.toMillis(), TimeUnit.MILLISECONDS);
  }

  @Override
  public void stop() {
    timer.shutdownNow();
  }

  private void checkpointSafely() {
    try {
      audit
          .checkpointHead(clock.instant().truncatedTo(ChronoUnit.MILLIS))
          .ifPresent(c -> LOG.debug("Audit chain: checkpoint at sequence {}", c.sequence()));
    } catch (RuntimeException e) {
      // The database may be briefly away: the next tick checkpoints the head then.
      LOG.warn("Audit chain: signing a checkpoint failed", e);
    }
  }
}
