package io.causality.sim.errors;

import io.causality.common.errors.ApiException;
import io.causality.common.errors.ErrorCodes;

/** 404 NOT_FOUND: no pre-built scenario has this id. */
public final class ScenarioNotFoundException extends ApiException {
  private static final long serialVersionUID = 1L;

  public ScenarioNotFoundException(String id) {
    super(404, ErrorCodes.NOT_FOUND, "No pre-built scenario " + id);
  }
}
