package io.causality.hitl.coordinator.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.causality.hitl.protocol.wire.OverrideRequestRecord;
import io.causality.hitl.protocol.wire.ProtocolJson;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What {@code hitl list} and {@code hitl get} print, whatever a submitter sent. */
class RequestTablesTest {
  private static final ObjectMapper JSON = ProtocolJson.newMapper();

  private static OverrideRequestRecord record(String actor, String note) throws Exception {
    ObjectNode request =
        JSON.createObjectNode()
            .put("coordinatorRequestId", "6b0c0000-0000-4000-8000-000000000001")
            .put("status", "PENDING")
            .put("actorId", actor)
            .put("operatorNote", note)
            .put("approvals", 1)
            .put("requiredApprovals", 2)
            .put("submittedAt", "2026-01-31T11:00:00Z")
            .put("requestExpiresAt", "2026-01-31T12:00:00Z");
    request.putObject("evaluationResponse").put("decision", "REJECT_STATE");
    return JSON.treeToValue(request, OverrideRequestRecord.class);
  }

  @Test
  void eachColumnHoldsItsOwnValue() throws Exception {
    List<String> lines = RequestTables.list(List.of(record("actor-7", null))).lines().toList();

    assertThat(lines.get(0).split("\\s+"))
        .containsExactly(
            "ID", "STATUS", "ACTOR", "DECISION", "REASON", "APPROVALS", "SUBMITTED", "EXPIRES");
    assertThat(lines.get(1).split("\\s+"))
        .containsExactly(
            "6b0c0000-0000-4000-8000-000000000001",
            "PENDING",
            "actor-7",
            "REJECT_STATE",
            "-",
            "1/2",
            "2026-01-31T11:00:00Z",
            "2026-01-31T12:00:00Z");
  }

  @Test
  void controlCharactersOfCallerTextArePrintedEscaped() throws Exception {
    OverrideRequestRecord hostile = record("a\u001b[2Jb", "fine\nOverride Applied");

    String list = RequestTables.list(List.of(hostile));
    String detail = RequestTables.detail(hostile);

    assertThat(list).contains("a\\u001b[2Jb").doesNotContain("\u001b");
    assertThat(detail)
        .contains("actor:           a\\u001b[2Jb", "note:            fine\\u000aOverride Applied")
        .doesNotContain("\u001b", "\nOverride Applied");
  }

  @Test
  void theDetailNamesWhoAskedForTheRequest() throws Exception {
    ObjectNode asked = JSON.valueToTree(record("actor-7", null));
    asked
        .putObject("requester")
        .put("organizationId", "org-7")
        .put("kind", "USER")
        .put("id", "alice@example.com");

    String detail = RequestTables.detail(JSON.treeToValue(asked, OverrideRequestRecord.class));

    assertThat(detail).contains("requester:       USER alice@example.com of organization org-7");
  }
}
