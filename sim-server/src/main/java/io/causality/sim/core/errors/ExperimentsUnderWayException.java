package io.causality.sim.core.errors;

import io.causality.common.errors.ErrorCodes;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * RATE_LIMITED: the organization has as many experiments queued or running as its license allows
 * ({@code maxConcurrentExperiments}). {@code errors.ExperimentsUnderWayExceptionMapper} adds {@code
 * Retry-After}.
 */
public final class ExperimentsUnderWayException extends DomainException {
  private static final long serialVersionUID = 1L;

  /** What a client is told to wait before it tries again. */
  public static final long RETRY_AFTER_SECONDS = 30;

  private final int limit;

  public ExperimentsUnderWayException(int limit) {
    super(
        ErrorCodes.RATE_LIMITED,
        "Too many experiments under way: the license allows "
            + limit
            + " queued or running at once for this organization; retry when one has finished",
        details(limit));
    this.limit = limit;
  }

  /** In the order of QUOTA_EXCEEDED's details: the limit's name, then its value. */
  private static Map<String, Object> details(int limit) {
    Map<String, Object> details = new LinkedHashMap<>();
    details.put("limit", "maxConcurrentExperiments");
    details.put("value", limit);
    return details;
  }

  public int limit() {
    return limit;
  }
}
