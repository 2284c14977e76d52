package io.causality.sim.core;

import io.causality.sim.auth.AuthErrors;
import io.causality.sim.auth.Caller;
import io.causality.sim.db.SimulationDao;
import io.causality.sim.db.SimulationRow;
import io.causality.sim.errors.SimulationConflictException;
import io.causality.sim.errors.SimulationNotFoundException;
import java.util.UUID;
import org.jdbi.v3.core.Jdbi;

/** Finding a simulation the caller may use: 404 when it does not exist, 401 when not theirs. */
public final class SimulationAccess {
  private final Jdbi jdbi;

  public SimulationAccess(Jdbi jdbi) {
    this.jdbi = jdbi;
  }

  public SimulationRow find(UUID id) {
    return jdbi.withExtension(SimulationDao.class, dao -> dao.find(id))
        .orElseThrow(() -> new SimulationNotFoundException(id));
  }

  /** The spec answers 401 for another organization's simulation. */
  public SimulationRow accessible(Caller caller, UUID id) {
    SimulationRow row = find(id);
    if (!caller.canAccess(row.organizationId())) {
      throw AuthErrors.unauthorized("You are not authorized to access simulation " + id);
    }
    return row;
  }

  /** Refuses actions on a completed simulation. */
  public static void requireNotCompleted(SimulationRow row) {
    if (SimulationStatus.fromWireName(row.status()) == SimulationStatus.COMPLETED) {
      throw new SimulationConflictException("Simulation " + row.id() + " is completed");
    }
  }
}
