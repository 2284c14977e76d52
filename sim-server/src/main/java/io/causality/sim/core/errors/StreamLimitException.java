package io.causality.sim.core.errors;

import io.causality.common.errors.ErrorCodes;

/**
 * RATE_LIMITED: the organization has as many event streams open as its license allows ({@code
 * maxConcurrentSSE}). {@code errors.StreamLimitExceptionMapper} adds the headers.
 */
public final class StreamLimitException extends DomainException {
  private static final long serialVersionUID = 1L;

  private final int limit;
  private final long retryAfterSeconds;

  public StreamLimitException(int limit, long retryAfterSeconds) {
    super(
        ErrorCodes.RATE_LIMITED,
        "Too many event streams: the license allows "
            + limit
            + " open at once for this organization; close one or retry after "
            + retryAfterSeconds
            + " seconds");
    this.limit = limit;
    this.retryAfterSeconds = retryAfterSeconds;
  }

  public int limit() {
    return limit;
  }

  public long retryAfterSeconds() {
    return retryAfterSeconds;
  }
}
