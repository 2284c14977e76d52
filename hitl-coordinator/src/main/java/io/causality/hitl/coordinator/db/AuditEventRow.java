package io.causality.hitl.coordinator.db;

import io.causality.hitl.protocol.wire.AuditEventType;
import java.time.Instant;

/**
 * A row of {@code audit_events}; immutable once written.
 *
 * @param actorId who acted: the submitter, the operator, the redeemer or the coordinator
 * @param note the operator's note, if any
 */
public record AuditEventRow(
    String id,
    String coordinatorRequestId,
    AuditEventType eventType,
    String actorId,
    Instant occurredAt,
    String note) {}
