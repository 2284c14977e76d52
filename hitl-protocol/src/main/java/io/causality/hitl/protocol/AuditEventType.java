package io.causality.hitl.protocol;

/** The kinds of immutable audit event the coordinator records, one per transition. */
public enum AuditEventType {
  SUBMITTED,
  APPROVED,
  DENIED,
  EXPIRED,
  REDEEMED
}
