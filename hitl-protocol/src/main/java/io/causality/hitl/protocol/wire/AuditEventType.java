package io.causality.hitl.protocol.wire;

/**
 * The kinds of immutable audit event the coordinator records, one per transition, and one per
 * approval that does not yet complete the policy's quorum ({@link #PARTIAL_APPROVAL}).
 */
public enum AuditEventType {
  SUBMITTED,
  /**
   * An operator approved, but fewer distinct operators than {@code hitl.requiredApprovals} have;
   * the request stays PENDING. One per approving operator; the approval that completes the quorum
   * is {@link #APPROVED}.
   */
  PARTIAL_APPROVAL,
  APPROVED,
  DENIED,
  EXPIRED,
  REDEEMED
}
