package io.causality.sim.core.errors;

import io.causality.common.errors.ErrorCodes;

/** FORBIDDEN: the caller is known but may not do this (a scope, an organization). */
public final class ForbiddenException extends DomainException {
  private static final long serialVersionUID = 1L;

  public ForbiddenException(String message) {
    super(ErrorCodes.FORBIDDEN, message);
  }
}
