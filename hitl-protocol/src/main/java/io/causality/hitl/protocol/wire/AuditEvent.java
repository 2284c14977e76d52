package io.causality.hitl.protocol.wire;

import com.fasterxml.jackson.annotation.JsonFormat;
import java.time.Instant;

/**
 * An audit event as the API shows it.
 *
 * @param id UUID v4
 * @param eventType what happened
 * @param actorId who acted: submitter, operator, redeemer, or {@code coordinator} for expiry
 * @param timestamp when, RFC 3339
 * @param note the operator's note, if any
 * @param traceparent the W3C traceparent of the request that caused the event, if any: one
 *     escalation is followed from the evaluation to the approval to the redemption by its trace
 */
public record AuditEvent(
    String id,
    AuditEventType eventType,
    String actorId,
    @JsonFormat(shape = JsonFormat.Shape.STRING) Instant timestamp,
    String note,
    String traceparent) {

  /** An event without trace context. */
  public AuditEvent(
      String id, AuditEventType eventType, String actorId, Instant timestamp, String note) {
    this(id, eventType, actorId, timestamp, note, null);
  }
}
