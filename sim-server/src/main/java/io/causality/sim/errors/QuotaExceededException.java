package io.causality.sim.errors;

import io.causality.common.errors.ApiException;
import java.util.Map;

/** 403 QUOTA_EXCEEDED: the action would pass a limit of the organization's license. */
public final class QuotaExceededException extends ApiException {
  private static final long serialVersionUID = 1L;
  public static final String CODE = "QUOTA_EXCEEDED";

  public QuotaExceededException(String message, String limit, long value) {
    super(403, CODE, message, Map.of("limit", limit, "value", value));
  }
}
