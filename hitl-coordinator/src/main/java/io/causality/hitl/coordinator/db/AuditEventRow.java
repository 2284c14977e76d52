package io.causality.hitl.coordinator.db;

import io.causality.common.tracing.Tracing;
import io.causality.hitl.protocol.wire.AuditEventType;
import java.time.Instant;

/**
 * A row of {@code audit_events}; immutable once written.
 *
 * @param actorId who acted: the submitter, the operator, the redeemer or the coordinator
 * @param note the operator's note, if any
 * @param traceparent the W3C traceparent of the request that caused the event (docs/operations.md,
 *     "Tracing"); null outside a request. Not part of the chain's hash
 */
public record AuditEventRow(
    String id,
    String coordinatorRequestId,
    AuditEventType eventType,
    String actorId,
    Instant occurredAt,
    String note,
    String traceparent) {

  /** A new event of the request being served: it carries that request's trace. */
  public AuditEventRow(
      String id,
      String coordinatorRequestId,
      AuditEventType eventType,
      String actorId,
      Instant occurredAt,
      String note) {
    this(
        id,
        coordinatorRequestId,
        eventType,
        actorId,
        occurredAt,
        note,
        Tracing.currentTraceparent().orElse(null));
  }
}
