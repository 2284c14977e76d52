package io.causality.hitl.coordinator.db;

import java.time.Instant;

/**
 * The outcome of one delivery attempt, to record under its claim.
 *
 * @param outcome what becomes of the row
 * @param at when it was delivered (DELIVERED) or when to try again (RETRY); unused for FAILED
 * @param error why the attempt failed (a status, a timeout), null when delivered
 */
public record WebhookAttempt(
    String eventId, String endpoint, String claimId, Outcome outcome, Instant at, String error) {

  /** DELIVERED: done; RETRY: PENDING again at {@code at}; FAILED: the last attempt failed. */
  public enum Outcome {
    DELIVERED,
    RETRY,
    FAILED
  }
}
