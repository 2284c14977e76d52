package io.causality.sim.errors;

import io.causality.common.errors.ApiException;
import io.causality.common.errors.ErrorCodes;

/** 404 NOT_FOUND: no organization has this id. */
public final class OrganizationNotFoundException extends ApiException {
  private static final long serialVersionUID = 1L;

  public OrganizationNotFoundException(String message) {
    super(404, ErrorCodes.NOT_FOUND, message);
  }
}
