package io.causality.sim.core.errors;

import io.causality.common.errors.ErrorCodes;

/** NOT_FOUND: the organization has no license. */
public final class LicenseNotFoundException extends DomainException {
  private static final long serialVersionUID = 1L;

  public LicenseNotFoundException(String message) {
    super(ErrorCodes.NOT_FOUND, message);
  }
}
