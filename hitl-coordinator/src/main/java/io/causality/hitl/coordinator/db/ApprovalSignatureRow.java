package io.causality.hitl.coordinator.db;

import java.time.Instant;

/**
 * A row of {@code approval_signatures}: an approval event signed by its operator's authority key
 * over the approval statement (docs/coordinator-protocol.md, "Override token").
 *
 * @param eventId the PARTIAL_APPROVAL or APPROVED event
 * @param approvedAt the statement's time, the event's
 * @param signature PS256, base64url
 */
public record ApprovalSignatureRow(
    String eventId,
    String coordinatorRequestId,
    String operatorId,
    String keyId,
    Instant approvedAt,
    String signature) {

  /** Keeps the signature out of logs. */
  @Override
  public String toString() {
    return "ApprovalSignatureRow[eventId=" + eventId + ", operatorId=" + operatorId + "]";
  }
}
