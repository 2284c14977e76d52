package io.causality.sim.core.errors;

import io.causality.common.errors.ErrorCodes;

/**
 * CONFLICT: the experiment's status does not allow the action (cancelling a finished one, reading
 * the aggregates of one that has not finished).
 */
public final class ExperimentConflictException extends DomainException {
  private static final long serialVersionUID = 1L;

  public ExperimentConflictException(String message) {
    super(ErrorCodes.CONFLICT, message);
  }
}
