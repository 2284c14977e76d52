package io.causality.sim.core.errors;

import io.causality.common.errors.ErrorCodes;

/**
 * SERVICE_UNAVAILABLE: other large work (scenarios of many agents being read or rebuilt) holds the
 * heap this server gives such work, and none was freed within the wait ({@code
 * core.WorkingMemory}). {@code errors.WorkingMemoryExhaustedExceptionMapper} adds Retry-After.
 */
public final class WorkingMemoryExhaustedException extends DomainException {
  private static final long serialVersionUID = 1L;

  private final long retryAfterSeconds;

  public WorkingMemoryExhaustedException(long retryAfterSeconds) {
    super(
        ErrorCodes.SERVICE_UNAVAILABLE,
        "The server is busy with other large simulations and has no memory free for this one"
            + " now; retry after "
            + retryAfterSeconds
            + " seconds");
    this.retryAfterSeconds = retryAfterSeconds;
  }

  public long retryAfterSeconds() {
    return retryAfterSeconds;
  }
}
