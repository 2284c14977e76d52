package io.causality.sim.core;

import io.causality.sim.db.SimulationDao;
import io.causality.sim.db.SimulationRow;
import java.util.List;
import java.util.UUID;
import java.util.function.Predicate;
import org.jdbi.v3.core.Jdbi;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Pauses running simulations that nobody will play: those of instances that stopped or crashed, and
 * at shutdown this instance's own.
 */
public final class LeftRunning {
  private static final Logger LOG = LoggerFactory.getLogger(LeftRunning.class);

  private final Jdbi jdbi;
  private final SimulationAccess access;
  private final SimulationLocks locks;
  private final StatusChanges statuses;
  private final Cluster cluster;

  LeftRunning(
      Jdbi jdbi,
      SimulationAccess access,
      SimulationLocks locks,
      StatusChanges statuses,
      Cluster cluster) {
    this.jdbi = jdbi;
    this.access = access;
    this.locks = locks;
    this.statuses = statuses;
    this.cluster = cluster;
  }

  /**
   * Pauses the running simulations that nobody plays any more: those of instances that stopped or
   * crashed (at startup, and from time to time on a shared database; reason {@code restart}).
   * Returns how many.
   */
  public int pauseOrphaned() {
    return pauseRunning(row -> !cluster.alive(row.player()), "restart");
  }

  /** At shutdown: pauses what this instance plays (reason {@code shutdown}). */
  public int pauseOwnRunning() {
    return pauseRunning(row -> cluster.self().equals(row.player()), "shutdown");
  }

  private int pauseRunning(Predicate<SimulationRow> which, String reason) {
    List<SimulationRow> running =
        jdbi.withExtension(
            SimulationDao.class, dao -> dao.withStatus(SimulationStatus.RUNNING.wireName()));
    int paused = 0;
    for (SimulationRow candidate : running.stream().filter(which).toList()) {
      UUID id = candidate.id();
      try {
        // read again under the lock: it may have been paused or handed over meanwhile
        if (locks.locked(id, () -> pauseIf(access.find(id), which, reason))) {
          paused++;
        }
      } catch (RuntimeException e) {
        // one simulation's failure must not leave the others playing
        LOG.error("Could not pause simulation {} ({})", id, reason, e);
      }
    }
    return paused;
  }

  private boolean pauseIf(SimulationRow row, Predicate<SimulationRow> which, String reason) {
    if (SimulationStatus.fromWireName(row.status()) != SimulationStatus.RUNNING
        || !which.test(row)) {
      return false;
    }
    statuses.pauseIfRunning(row, reason);
    return true;
  }
}
