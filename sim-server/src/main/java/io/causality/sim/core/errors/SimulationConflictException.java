package io.causality.sim.core.errors;

import io.causality.common.errors.ErrorCodes;

/** CONFLICT: the simulation's status does not allow the action (completed, for one). */
public final class SimulationConflictException extends DomainException {
  private static final long serialVersionUID = 1L;

  public SimulationConflictException(String message) {
    super(ErrorCodes.CONFLICT, message);
  }
}
