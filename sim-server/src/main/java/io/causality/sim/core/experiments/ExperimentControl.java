package io.causality.sim.core.experiments;

import io.causality.sim.api.ExperimentView;
import io.causality.sim.core.errors.ExperimentConflictException;
import io.causality.sim.core.organization.Caller;
import io.causality.sim.db.ExperimentDao;
import io.causality.sim.db.ExperimentRow;
import io.causality.sim.db.RunQueue;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.UUID;
import org.jdbi.v3.core.Jdbi;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Cancels experiments: a queued or running one becomes {@code cancelled} at once (one conditional
 * update with its event), its chunks still queued are dropped, and a chunk a worker holds is
 * dropped when it finishes (its runs are not stored). Cancelling a cancelled experiment answers it
 * as it is; a completed or failed one is 409. Its runs stay counted, as a created simulation that
 * never ran does.
 */
public final class ExperimentControl {
  private static final Logger LOG = LoggerFactory.getLogger(ExperimentControl.class);

  private final Jdbi jdbi;
  private final ExperimentAccess access;
  private final RunQueue queue;
  private final Clock clock;

  ExperimentControl(Jdbi jdbi, ExperimentAccess access, RunQueue queue, Clock clock) {
    this.jdbi = jdbi;
    this.access = access;
    this.queue = queue;
    this.clock = clock;
  }

  public ExperimentView cancel(Caller caller, UUID id) {
    ExperimentRow row = access.accessible(caller, id);
    ExperimentStatus status = ExperimentStatus.fromWireName(row.status());
    if (status.underWay()) {
      Instant now = clock.instant().truncatedTo(ChronoUnit.MICROS);
      String data = ExperimentEvents.status(ExperimentStatus.CANCELLED, status, "cancel");
      boolean cancelled =
          jdbi.withExtension(
              ExperimentDao.class,
              dao ->
                  dao.moveTo(
                      id,
                      ExperimentStatus.UNDER_WAY,
                      ExperimentStatus.CANCELLED.wireName(),
                      ExperimentEvents.STATUS,
                      data,
                      now,
                      now));
      if (cancelled) {
        LOG.info("{} cancelled experiment {}", caller.getName(), id);
        queue.dropPending(id, row.chunks());
      }
      row = access.accessible(caller, id);
      status = ExperimentStatus.fromWireName(row.status());
    }
    if (status != ExperimentStatus.CANCELLED) {
      throw new ExperimentConflictException(
          "Experiment "
              + id
              + " is "
              + status.wireName()
              + ": only one under way can be cancelled");
    }
    return ExperimentViews.experiment(row, 0);
  }
}
