package io.causality.sim.idempotency;

import io.causality.common.errors.ApiException;
import java.util.Map;

/** The 409 answers of the Idempotency-Key rules. */
public final class IdempotencyConflictException extends ApiException {
  public static final String IN_USE = "IDEMPOTENCY_KEY_IN_USE";
  public static final String REUSE = "IDEMPOTENCY_KEY_REUSE";
  public static final String REPLAY_UNAVAILABLE = "IDEMPOTENCY_REPLAY_UNAVAILABLE";
  private static final long serialVersionUID = 1L;

  private IdempotencyConflictException(String code, String message, Object details) {
    super(409, code, message, details);
  }

  static IdempotencyConflictException inUse() {
    return new IdempotencyConflictException(
        IN_USE,
        "A request with this Idempotency-Key is still in progress; retry once it has finished",
        null);
  }

  static IdempotencyConflictException reuse() {
    return new IdempotencyConflictException(
        REUSE, "This Idempotency-Key was used with a different request body; use a new key", null);
  }

  static IdempotencyConflictException replayUnavailable(int originalStatus) {
    return new IdempotencyConflictException(
        REPLAY_UNAVAILABLE,
        "The request with this Idempotency-Key completed with status "
            + originalStatus
            + ", but its response was not stored (too large, or cut off while it was sent),"
            + " so it cannot be replayed; it is not run again",
        Map.of("originalStatus", originalStatus));
  }
}
