package io.causality.hitl.coordinator.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import io.causality.hitl.protocol.wire.AuditEvent;
import io.causality.hitl.protocol.wire.OverrideRequestRecord;
import io.causality.hitl.protocol.wire.PrintableText;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/** The human-readable output of {@code hitl list} and {@code hitl get}. */
final class RequestTables {
  private static final List<String> COLUMNS =
      List.of("ID", "STATUS", "ACTOR", "DECISION", "REASON", "APPROVALS", "SUBMITTED", "EXPIRES");

  private RequestTables() {}

  /** One row per request under a header, columns as wide as their widest cell. */
  static String list(List<OverrideRequestRecord> requests) {
    List<List<String>> rows = new ArrayList<>();
    rows.add(COLUMNS);
    requests.forEach(request -> rows.add(row(request)));
    int[] widths =
        IntStream.range(0, COLUMNS.size())
            .map(column -> rows.stream().mapToInt(row -> row.get(column).length()).max().orElse(0))
            .toArray();
    return rows.stream().map(row -> line(row, widths)).collect(Collectors.joining("\n"));
  }

  /** The request's fields, one per line, then its audit trail. */
  static String detail(OverrideRequestRecord request) {
    StringBuilder text = new StringBuilder();
    JsonNode response = tree(request.evaluationResponse());
    JsonNode escalation = response.path("escalation");
    JsonNode summary = tree(request.sentinelSummary());
    field(text, "id", request.coordinatorRequestId());
    field(text, "status", request.status());
    field(text, "actor", request.actorId());
    field(text, "license", request.licenseId());
    field(text, "source", request.source());
    field(text, "submitted by", request.submittedBy());
    field(text, "requester", request.requester() == null ? null : request.requester().describe());
    field(text, "approvals", approvals(request));
    field(text, "decision", response.path("decision"));
    field(text, "reason", response.path("reasonCode"));
    field(text, "gamma headroom", escalation.path("gammaHeadroom"));
    field(text, "steps to breach", escalation.path("stepsToBreach"));
    field(text, "risk level", summary.path("riskLevel"));
    field(text, "narrative", summary.path("narrative"));
    field(text, "submitted", request.submittedAt());
    field(text, "expires", request.requestExpiresAt());
    field(text, "decided by", request.decidedBy());
    field(text, "decided at", request.decidedAt());
    field(text, "note", request.operatorNote());
    field(text, "token", request.tokenId());
    text.append("audit:");
    Objects.requireNonNullElse(request.audit(), List.<AuditEvent>of())
        .forEach(event -> text.append("\n  ").append(event(event)));
    return text.toString();
  }

  /** Approvals so far and needed: {@code 1 of 2 approvals}. */
  static String approvals(OverrideRequestRecord request) {
    return request.approvals() + " of " + request.requiredApprovals() + " approvals";
  }

  private static List<String> row(OverrideRequestRecord request) {
    JsonNode response = tree(request.evaluationResponse());
    return List.of(
        text(request.coordinatorRequestId()),
        text(request.status()),
        text(request.actorId()),
        text(response.path("decision")),
        text(response.path("reasonCode")),
        request.approvals() + "/" + request.requiredApprovals(),
        text(request.submittedAt()),
        text(request.requestExpiresAt()));
  }

  private static String event(AuditEvent event) {
    String line =
        text(event.timestamp()) + "  " + text(event.eventType()) + "  by " + text(event.actorId());
    return event.note() != null ? line + "  (" + text(event.note()) + ")" : line;
  }

  private static void field(StringBuilder text, String name, Object value) {
    if (!absent(value)) {
      text.append(String.format("%-16s %s%n", name + ":", text(value)));
    }
  }

  private static String line(List<String> row, int[] widths) {
    return IntStream.range(0, row.size())
        .mapToObj(column -> String.format("%-" + widths[column] + "s", row.get(column)))
        .collect(Collectors.joining("  "))
        .stripTrailing();
  }

  private static JsonNode tree(JsonNode node) {
    return node == null ? MissingNode.getInstance() : node;
  }

  /**
   * A missing or null value is shown as "-", so that columns never collapse. Caller text is
   * escaped: a control character sent in a submission must not drive the operator's terminal.
   */
  static String text(Object value) {
    if (absent(value)) {
      return "-";
    }
    return PrintableText.escape(value instanceof JsonNode node ? node.asText() : value.toString());
  }

  private static boolean absent(Object value) {
    return value == null
        || value instanceof JsonNode node && (node.isMissingNode() || node.isNull());
  }
}
