package io.causality.sim.core;

import io.causality.sim.core.errors.SimulationConflictException;
import io.causality.sim.db.ChangedMeanwhile;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Supplier;
import org.jdbi.v3.core.Jdbi;

/**
 * Changes under the simulation's lock, made again when another instance changed it first.
 *
 * <p>Every change is made on the engine instance under the lock, then written with a condition on
 * the stored version; if the write fails, the instance is dropped, so memory never runs ahead of
 * what is stored. The lock serializes one process; when another instance on the same database
 * changed the simulation first ({@link ChangedMeanwhile}), the change is made again from what is
 * stored, a few times at most before answering 409 (docs/operations.md).
 *
 * <p>A change works on one database connection, taken once the lock is held: JDBI hands the same
 * handle to every read and write the change makes on this thread, rather than one each from the
 * pool (docs/performance.md, "Simulation HTTP", change 8).
 */
final class SimulationLocks {
  /** Tries of a change that another instance keeps changing first; then 409. */
  private static final int ATTEMPTS = 20;

  private final LiveSimulations live;
  private final Jdbi jdbi;

  SimulationLocks(LiveSimulations live, Jdbi jdbi) {
    this.live = live;
    this.jdbi = jdbi;
  }

  /**
   * Runs a change under the simulation's lock; when another instance changed the simulation first,
   * runs it again from what is stored now, as if it had come after that change.
   */
  <T> T locked(UUID id, Supplier<T> change) {
    for (int attempt = 1; ; attempt++) {
      try {
        return live.locked(id, () -> jdbi.withHandle(handle -> change.get()));
      } catch (ChangedMeanwhile e) {
        if (attempt == ATTEMPTS) {
          throw new SimulationConflictException(
              "Simulation " + id + " was changed by another request; retry");
        }
        backOff(attempt);
      }
    }
  }

  /**
   * Outside the lock, a random wait that grows with the attempts, so that the instance whose
   * requests queue behind each other does not win every round.
   */
  private static void backOff(int attempt) {
    try {
      Thread.sleep(ThreadLocalRandom.current().nextLong(1, 1 + 5L * attempt));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new SimulationConflictException("Interrupted while retrying a change; retry");
    }
  }
}
