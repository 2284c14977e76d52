package io.causality.sim.core.errors;

import io.causality.common.errors.ErrorCodes;
import java.util.UUID;

/** NOT_FOUND: no simulation has this id. */
public final class SimulationNotFoundException extends DomainException {
  private static final long serialVersionUID = 1L;

  public SimulationNotFoundException(UUID id) {
    super(ErrorCodes.NOT_FOUND, "No simulation " + id);
  }

  /** The simulation exists, but what was asked of it does not yet (its trace, say). */
  public SimulationNotFoundException(UUID id, String what) {
    super(ErrorCodes.NOT_FOUND, "Simulation " + id + " " + what);
  }
}
