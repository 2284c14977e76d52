package io.causality.sim.core.errors;

import io.causality.common.errors.ErrorCodes;

/**
 * UNAUTHORIZED: no valid credentials, or (as the spec answers) a simulation of another
 * organization.
 */
public final class UnauthorizedException extends DomainException {
  private static final long serialVersionUID = 1L;

  public UnauthorizedException(String message) {
    super(ErrorCodes.UNAUTHORIZED, message);
  }
}
