package io.causality.sim.errors;

import io.causality.common.errors.ApiException;
import io.causality.common.errors.ErrorCodes;

/** 409 CONFLICT: the simulation's status does not allow the action (completed, for one). */
public final class SimulationConflictException extends ApiException {
  private static final long serialVersionUID = 1L;

  public SimulationConflictException(String message) {
    super(409, ErrorCodes.CONFLICT, message);
  }
}
