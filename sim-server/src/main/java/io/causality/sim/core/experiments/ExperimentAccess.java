package io.causality.sim.core.experiments;

import io.causality.sim.core.errors.ExperimentNotFoundException;
import io.causality.sim.core.organization.Caller;
import io.causality.sim.db.ExperimentDao;
import io.causality.sim.db.ExperimentRow;
import io.causality.sim.db.RunQueue;
import java.util.List;
import java.util.UUID;
import org.jdbi.v3.core.Jdbi;

/**
 * Finding an experiment the caller may use: 404 when it does not exist and, as for simulations
 * (docs/security.md), when it is another organization's, so that an answer never tells that an id
 * exists; and how many of its runs workers hold now.
 */
final class ExperimentAccess {
  private final Jdbi jdbi;

  ExperimentAccess(Jdbi jdbi) {
    this.jdbi = jdbi;
  }

  ExperimentRow accessible(Caller caller, UUID id) {
    ExperimentRow row =
        jdbi.withExtension(ExperimentDao.class, dao -> dao.find(id))
            .orElseThrow(() -> new ExperimentNotFoundException(id));
    if (!caller.canAccess(row.organizationId())) {
      throw new ExperimentNotFoundException(id);
    }
    return row;
  }

  /** Runs in the chunks workers hold now (none once it is no longer under way). */
  int running(ExperimentRow row) {
    if (!ExperimentStatus.fromWireName(row.status()).underWay()) {
      return 0;
    }
    List<String> held =
        jdbi.withExtension(
            ExperimentDao.class, dao -> dao.pickedTasks(RunQueue.RUNS_TASK, row.id() + "/%"));
    int runs = 0;
    for (String instance : held) {
      int chunk = Integer.parseInt(instance.substring(instance.indexOf('/') + 1));
      runs += Math.min(row.chunkSize(), row.totalRuns() - chunk * row.chunkSize());
    }
    return runs;
  }
}
