package io.causality.sim.core.errors;

import java.util.Map;

/** QUOTA_EXCEEDED: the action would pass a limit of the organization's license. */
public final class QuotaExceededException extends DomainException {
  private static final long serialVersionUID = 1L;
  public static final String CODE = "QUOTA_EXCEEDED";

  public QuotaExceededException(String message, String limit, long value) {
    super(CODE, message, Map.of("limit", limit, "value", value));
  }
}
