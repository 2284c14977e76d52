package io.causality.sim.auth;

import io.causality.common.errors.ApiException;
import io.causality.common.errors.ErrorCodes;

/** The 401 and 403 answers of authentication and authorization. */
public final class AuthErrors {
  private AuthErrors() {}

  public static ApiException unauthorized(String message) {
    return new ApiException(401, ErrorCodes.UNAUTHORIZED, message);
  }

  public static ApiException forbidden(String message) {
    return new ApiException(403, ErrorCodes.FORBIDDEN, message);
  }
}
