package io.causality.sim.errors;

import io.causality.common.errors.ApiException;
import io.causality.common.errors.ErrorCodes;

/** 403 FORBIDDEN: the caller is known but may not do this (a scope, an organization). */
public final class ForbiddenException extends ApiException {
  private static final long serialVersionUID = 1L;

  public ForbiddenException(String message) {
    super(403, ErrorCodes.FORBIDDEN, message);
  }
}
