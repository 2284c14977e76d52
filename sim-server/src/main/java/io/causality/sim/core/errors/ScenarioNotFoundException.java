package io.causality.sim.core.errors;

import io.causality.common.errors.ErrorCodes;

/** NOT_FOUND: no pre-built scenario has this id. */
public final class ScenarioNotFoundException extends DomainException {
  private static final long serialVersionUID = 1L;

  public ScenarioNotFoundException(String id) {
    super(ErrorCodes.NOT_FOUND, "No pre-built scenario " + id);
  }
}
