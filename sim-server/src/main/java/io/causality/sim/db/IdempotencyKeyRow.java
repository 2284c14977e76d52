package io.causality.sim.db;

import java.time.Instant;
import java.util.UUID;

/**
 * A row of {@code idempotency_keys}: a claimed key and, once the request completed, the response to
 * replay.
 *
 * @param claimId which request holds an in-flight claim; only that request may complete or release
 *     it
 * @param responseBody null until completed, and for responses that could not be stored
 */
public record IdempotencyKeyRow(
    IdempotencyScope scope,
    String requestHash,
    State state,
    UUID claimId,
    Integer responseStatus,
    String contentType,
    byte[] responseBody,
    Instant createdAt,
    Instant expiresAt) {

  /** Where a claimed key stands. */
  public enum State {
    /** The request is running. */
    IN_FLIGHT,
    /** It answered 2xx and the response is stored for replay. */
    COMPLETED,
    /** It answered 2xx but the response was too large or its writing failed: never re-run. */
    NOT_REPLAYABLE
  }
}
