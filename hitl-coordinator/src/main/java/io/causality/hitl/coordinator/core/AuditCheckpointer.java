package io.causality.hitl.coordinator.core;

import io.causality.common.schedule.PeriodicTask;
import io.dropwizard.lifecycle.Managed;
import java.time.Clock;
import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.Objects;
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
  private final PeriodicTask checkpoints;

  public AuditCheckpointer(AuditTrail audit, Clock clock, Duration every) {
    this.audit = Objects.requireNonNull(audit, "audit");
    this.clock = Objects.requireNonNull(clock, "clock");
    Objects.requireNonNull(every, "every");
    this.checkpoints =
        new PeriodicTask(
            "audit-checkpoints", AuditCheckpointer.class, every, every, this::checkpoint);
  }

  @Override
  public void start() {
    checkpoints.start();
  }

  /**
   * Lets a checkpoint under way finish; a failed one (the database briefly away) is logged, and the
   * next tick checkpoints the head then.
   */
  @Override
  public void stop() throws InterruptedException {
    checkpoints.stop();
  }

  private void checkpoint() {
    audit
        .checkpointHead(clock.instant().truncatedTo(ChronoUnit.MILLIS))
        .ifPresent(c -> LOG.debug("Audit chain: checkpoint at sequence {}", c.sequence()));
  }
}
