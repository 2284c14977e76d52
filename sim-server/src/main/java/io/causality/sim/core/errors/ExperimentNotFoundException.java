package io.causality.sim.core.errors;

import io.causality.common.errors.ErrorCodes;
import java.util.UUID;

/** NOT_FOUND: no experiment has this id. */
public final class ExperimentNotFoundException extends DomainException {
  private static final long serialVersionUID = 1L;

  public ExperimentNotFoundException(UUID id) {
    super(ErrorCodes.NOT_FOUND, "No experiment " + id);
  }
}
