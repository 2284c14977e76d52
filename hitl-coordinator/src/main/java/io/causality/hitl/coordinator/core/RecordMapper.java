package io.causality.hitl.coordinator.core;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.causality.hitl.coordinator.db.AuditEventRow;
import io.causality.hitl.coordinator.db.OverrideRequestRow;
import io.causality.hitl.protocol.wire.AuditEvent;
import io.causality.hitl.protocol.wire.OverrideRequestRecord;
import java.util.List;

/** Turns rows into API records and JSON trees into stored text. */
final class RecordMapper {

  private final ObjectMapper json;
  private final int requiredApprovals;

  /**
   * @param requiredApprovals the policy's quorum, shown with every record
   */
  RecordMapper(ObjectMapper json, int requiredApprovals) {
    this.json = json;
    this.requiredApprovals = requiredApprovals;
  }

  OverrideRequestRecord toRecord(OverrideRequestRow row, List<AuditEventRow> audit) {
    return new OverrideRequestRecord(
        row.coordinatorRequestId(),
        row.status(),
        parse(row.evaluationRequest()),
        parse(row.evaluationResponse()),
        row.requestHash(),
        row.actionHash(),
        row.licenseId(),
        row.actorId(),
        row.intentId(),
        row.failureFingerprint(),
        row.source(),
        row.submittedAt(),
        row.requestExpiresAt(),
        parse(row.sentinelFeed()),
        parse(row.sentinelSummary()),
        row.operatorNote(),
        row.decidedBy(),
        row.decidedAt(),
        row.tokenId(),
        row.submittedBy(),
        row.requester(),
        row.approvals(),
        requiredApprovals,
        audit == null ? null : audit.stream().map(RecordMapper::toEvent).toList());
  }

  static AuditEvent toEvent(AuditEventRow row) {
    return new AuditEvent(
        row.id(), row.eventType(), row.actorId(), row.occurredAt(), row.note(), row.traceparent());
  }

  /** Stored text of a JSON tree; null stays null. */
  String text(JsonNode node) {
    if (node == null || node.isNull() || node.isMissingNode()) {
      return null;
    }
    try {
      return json.writeValueAsString(node);
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException("cannot serialize JSON", e);
    }
  }

  private JsonNode parse(String text) {
    if (text == null) {
      return null;
    }
    try {
      return json.readTree(text);
    } catch (JsonProcessingException e) {
      // Only this class writes these columns, so unreadable text means a damaged row.
      throw new IllegalStateException("stored JSON is unreadable", e);
    }
  }
}
