package io.causality.hitl.protocol.wire;

import com.fasterxml.jackson.annotation.JsonFormat;
import java.time.Instant;

/**
 * An audit event with its link in the coordinator's audit chain, as {@code GET /v1/audit-events}
 * shows it. {@code hash} is the SHA-256 (lower-case hex) of the RFC 8785 canonical JSON of {@code
 * {sequence, id, coordinatorRequestId, eventType, actorId, timestamp, note, previousHash}}.
 *
 * @param sequence the event's place in the one total order of the coordinator's audit events, from
 *     1
 * @param id UUID v4
 * @param coordinatorRequestId the request it belongs to
 * @param eventType what happened
 * @param actorId who acted
 * @param timestamp when, RFC 3339, millisecond precision
 * @param note the operator's note, if any
 * @param previousHash the hash of the event before it; 64 zeros for the first
 * @param hash this event's hash
 */
public record ChainedAuditEvent(
    long sequence,
    String id,
    String coordinatorRequestId,
    AuditEventType eventType,
    String actorId,
    @JsonFormat(shape = JsonFormat.Shape.STRING) Instant timestamp,
    String note,
    String previousHash,
    String hash) {}
