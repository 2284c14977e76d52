package io.causality.sim.errors;

import io.causality.common.errors.ApiException;
import io.causality.common.errors.ErrorCodes;

/**
 * 401 UNAUTHORIZED: no valid credentials, or (as the spec answers) a simulation of another
 * organization.
 */
public final class UnauthorizedException extends ApiException {
  private static final long serialVersionUID = 1L;

  public UnauthorizedException(String message) {
    super(401, ErrorCodes.UNAUTHORIZED, message);
  }
}
