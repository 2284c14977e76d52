package io.causality.hitl.coordinator.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/** The human-readable output of {@code hitl list} and {@code hitl get}. */
final class RequestTables {
  private static final List<String> COLUMNS =
      List.of("ID", "STATUS", "ACTOR", "DECISION", "REASON", "SUBMITTED", "EXPIRES");

  private RequestTables() {}

  /** One row per request under a header, columns as wide as their widest cell. */
  static String list(List<JsonNode> requests) {
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
  static String detail(JsonNode request) {
    StringBuilder text = new StringBuilder();
    JsonNode response = request.path("evaluationResponse");
    JsonNode escalation = response.path("escalation");
    JsonNode summary = request.path("sentinelSummary");
    field(text, "id", request.path("coordinatorRequestId"));
    field(text, "status", request.path("status"));
    field(text, "actor", request.path("actorId"));
    field(text, "license", request.path("licenseId"));
    field(text, "source", request.path("source"));
    field(text, "decision", response.path("decision"));
    field(text, "reason", response.path("reasonCode"));
    field(text, "gamma headroom", escalation.path("gammaHeadroom"));
    field(text, "steps to breach", escalation.path("stepsToBreach"));
    field(text, "risk level", summary.path("riskLevel"));
    field(text, "narrative", summary.path("narrative"));
    field(text, "submitted", request.path("submittedAt"));
    field(text, "expires", request.path("requestExpiresAt"));
    field(text, "decided by", request.path("decidedBy"));
    field(text, "decided at", request.path("decidedAt"));
    field(text, "note", request.path("operatorNote"));
    field(text, "token", request.path("tokenId"));
    text.append("audit:");
    request.path("audit").forEach(event -> text.append("\n  ").append(event(event)));
    return text.toString();
  }

  private static List<String> row(JsonNode request) {
    JsonNode response = request.path("evaluationResponse");
    return List.of(
        text(request.path("coordinatorRequestId")),
        text(request.path("status")),
        text(request.path("actorId")),
        text(response.path("decision")),
        text(response.path("reasonCode")),
        text(request.path("submittedAt")),
        text(request.path("requestExpiresAt")));
  }

  private static String event(JsonNode event) {
    String line =
        text(event.path("timestamp"))
            + "  "
            + text(event.path("eventType"))
            + "  by "
            + text(event.path("actorId"));
    JsonNode note = event.path("note");
    return note.isTextual() ? line + "  (" + note.asText() + ")" : line;
  }

  private static void field(StringBuilder text, String name, JsonNode value) {
    if (!value.isMissingNode() && !value.isNull()) {
      text.append(String.format("%-16s %s%n", name + ":", value.asText()));
    }
  }

  private static String line(List<String> row, int[] widths) {
    return IntStream.range(0, row.size())
        .mapToObj(column -> String.format("%-" + widths[column] + "s", row.get(column)))
        .collect(Collectors.joining("  "))
        .stripTrailing();
  }

  /** A missing or null value is shown as "-", so that columns never collapse. */
  static String text(JsonNode value) {
    return value.isMissingNode() || value.isNull() ? "-" : value.asText();
  }
}
