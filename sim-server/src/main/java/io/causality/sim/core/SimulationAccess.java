package io.causality.sim.core;

import io.causality.sim.core.errors.SimulationConflictException;
import io.causality.sim.core.errors.SimulationNotFoundException;
import io.causality.sim.core.organization.Caller;
import io.causality.sim.db.SimulationDao;
import io.causality.sim.db.SimulationRow;
import io.causality.sim.db.SimulationToAdvance;
import java.util.Optional;
import java.util.UUID;
import org.jdbi.v3.core.Jdbi;

/**
 * Finding a simulation the caller may use: 404 when it does not exist, and the same 404, word for
 * word, when it belongs to another organization, so that an answer never tells that an id exists (a
 * 401 did, and made the console sign its user out on a shared link).
 */
public final class SimulationAccess {
  private final Jdbi jdbi;
  private final SimulationToAdvance toAdvance;

  public SimulationAccess(Jdbi jdbi, SimulationToAdvance toAdvance) {
    this.jdbi = jdbi;
    this.toAdvance = toAdvance;
  }

  /**
   * What a step needs, in one read: the row the caller may use (without its scenario, which the
   * loader reads when it must rebuild the engine instance) and its organization's tier.
   */
  SimulationToAdvance.Found toAdvance(Caller caller, UUID id) {
    SimulationToAdvance.Found found =
        toAdvance.find(id).orElseThrow(() -> new SimulationNotFoundException(id));
    requireAccess(caller, id, found.row().organizationId());
    return found;
  }

  public SimulationRow find(UUID id) {
    return stored(id).orElseThrow(() -> new SimulationNotFoundException(id));
  }

  /**
   * The stored row, if the simulation exists, without its scenario: the loader reads the scenario
   * when it must build an engine instance, so that an evaluation, a player's batch or a stream's
   * start does not read the scenario of 100,000 agents (megabytes) for nothing.
   */
  public Optional<SimulationRow> stored(UUID id) {
    return toAdvance.find(id).map(SimulationToAdvance.Found::row);
  }

  /** The row, if the simulation exists and the caller's organization owns it; else 404. */
  public SimulationRow accessible(Caller caller, UUID id) {
    SimulationRow row = find(id);
    requireAccess(caller, id, row.organizationId());
    return row;
  }

  /** Only the check of {@link #accessible}, for callers that read the row later or not at all. */
  public void check(Caller caller, UUID id) {
    UUID organization =
        jdbi.withExtension(SimulationDao.class, dao -> dao.organizationOf(id))
            .orElseThrow(() -> new SimulationNotFoundException(id));
    requireAccess(caller, id, organization);
  }

  static void requireAccess(Caller caller, UUID id, UUID organization) {
    if (!caller.canAccess(organization)) {
      throw new SimulationNotFoundException(id);
    }
  }

  /** Refuses actions on a completed simulation. */
  public static void requireNotCompleted(SimulationRow row) {
    if (SimulationStatus.fromWireName(row.status()) == SimulationStatus.COMPLETED) {
      throw new SimulationConflictException("Simulation " + row.id() + " is completed");
    }
  }
}
