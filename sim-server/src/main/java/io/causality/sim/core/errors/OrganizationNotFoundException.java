package io.causality.sim.core.errors;

import io.causality.common.errors.ErrorCodes;

/** NOT_FOUND: no organization has this id. */
public final class OrganizationNotFoundException extends DomainException {
  private static final long serialVersionUID = 1L;

  public OrganizationNotFoundException(String message) {
    super(ErrorCodes.NOT_FOUND, message);
  }
}
