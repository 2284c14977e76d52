package io.causality.sim.core.experiments;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.causality.sim.core.WorkingMemory;
import io.causality.sim.core.errors.ExperimentNotFoundException;
import io.causality.sim.db.ExperimentDao;
import io.causality.sim.db.ExperimentRow;
import java.util.UUID;
import org.jdbi.v3.core.Jdbi;

/**
 * Experiments' definitions as the workers read them, parsed once per instance: a chunk of a large
 * scenario would otherwise read and parse megabytes before its first tick. A definition never
 * changes once stored, so a cached one is never stale.
 */
final class Definitions {
  private static final int KEPT = 16;

  private final Jdbi jdbi;
  private final WorkingMemory memory;

  /**
   * Held softly: sixteen definitions of 100,000 agents would take 650 MB, so the collector drops
   * them, to be read again, before the heap runs out.
   */
  private final Cache<UUID, Experiment> cache =
      Caffeine.newBuilder().maximumSize(KEPT).softValues().build();

  /**
   * @param memory what reading a definition's scenario reserves (a worker refused waits for the
   *     task's retry)
   */
  Definitions(Jdbi jdbi, WorkingMemory memory) {
    this.jdbi = jdbi;
    this.memory = memory;
  }

  Experiment of(ExperimentRow row) {
    return cache.get(row.id(), id -> read(row));
  }

  private Experiment read(ExperimentRow row) {
    String scenario =
        jdbi.withExtension(ExperimentDao.class, dao -> dao.scenarioOf(row.id()))
            .orElseThrow(() -> new ExperimentNotFoundException(row.id()));
    try (WorkingMemory.Reservation reserved = memory.reserveForJson(scenario.length())) {
      return Experiment.stored(row.scenarioId(), row.engineVersion(), scenario, row.planJson());
    }
  }
}
