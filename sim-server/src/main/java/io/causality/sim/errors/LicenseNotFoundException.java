package io.causality.sim.errors;

import io.causality.common.errors.ApiException;
import io.causality.common.errors.ErrorCodes;

/** 404 NOT_FOUND: the organization has no license. */
public final class LicenseNotFoundException extends ApiException {
  private static final long serialVersionUID = 1L;

  public LicenseNotFoundException(String message) {
    super(404, ErrorCodes.NOT_FOUND, message);
  }
}
