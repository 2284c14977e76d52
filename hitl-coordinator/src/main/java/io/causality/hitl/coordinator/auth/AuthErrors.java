package io.causality.hitl.coordinator.auth;

import io.causality.common.errors.ApiException;
import io.causality.common.errors.ErrorCodes;

/** The 401 and 403 answers of caller authentication, in the error envelope. */
final class AuthErrors {
  private AuthErrors() {}

  static ApiException unauthorized(String message) {
    return new ApiException(401, ErrorCodes.UNAUTHORIZED, message);
  }

  static ApiException forbidden(String message) {
    return new ApiException(403, ErrorCodes.FORBIDDEN, message);
  }
}
