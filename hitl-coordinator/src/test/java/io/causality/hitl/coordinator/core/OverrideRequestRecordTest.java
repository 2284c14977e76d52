package io.causality.hitl.coordinator.core;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.causality.hitl.protocol.wire.AuditEvent;
import io.causality.hitl.protocol.wire.AuditEventType;
import io.causality.hitl.protocol.wire.OverrideRequestRecord;
import io.causality.hitl.protocol.wire.OverrideRequestStatus;
import io.dropwizard.jackson.Jackson;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The API record as Dropwizard's own mapper writes and reads it. */
class OverrideRequestRecordTest {

  /**
   * A record as the coordinator wrote it before quorums, the submitting caller and the audit
   * events' traceparent.
   */
  private static final String ORIGINAL =
      """
            {"coordinatorRequestId":"5d0c2f7e-8a8b-4f4e-b1a6-0d6f0e3c9a11","status":"APPROVED",
             "evaluationRequest":{"actorId":"actor-7"},
             "evaluationResponse":{"decision":"REJECT_STATE"},
             "requestHash":"h","actionHash":null,"licenseId":"lic-1","actorId":"actor-7",
             "intentId":null,"failureFingerprint":"fp","source":"sim-server",
             "submittedAt":"2026-01-31T12:00:00Z","requestExpiresAt":"2026-01-31T12:01:00Z",
             "sentinelFeed":null,"sentinelSummary":{"riskLevel":"CRITICAL"},
             "operatorNote":"ok","decidedBy":"alice","decidedAt":"2026-01-31T12:00:30.500Z",
             "tokenId":"0b6e8a4e-3f0c-4d7e-9a51-2f4f6c1d9e21",
             "audit":[{"id":"e-1","eventType":"SUBMITTED","actorId":"sim-server",
                       "timestamp":"2026-01-31T12:00:00Z","note":null}]}""";

  private static final String EXPECTED =
      ORIGINAL
          .replace(
              "\"tokenId\":\"0b6e8a4e-3f0c-4d7e-9a51-2f4f6c1d9e21\",",
              "\"tokenId\":\"0b6e8a4e-3f0c-4d7e-9a51-2f4f6c1d9e21\",\"submittedBy\":\"runtime\","
                  + "\"requester\":null,\"approvals\":2,\"requiredApprovals\":2,")
          .replace("\"note\":null}]", "\"note\":null,\"traceparent\":null}]");

  private final ObjectMapper dropwizard = Jackson.newObjectMapper();

  @Test
  void serializesEveryFieldWithRfc3339Timestamps() throws Exception {
    JsonNode written =
        dropwizard.valueToTree(
            record(
                List.of(
                    new AuditEvent(
                        "e-1",
                        AuditEventType.SUBMITTED,
                        "sim-server",
                        Instant.parse("2026-01-31T12:00:00Z"),
                        null))));

    assertThat(written).isEqualTo(dropwizard.readTree(EXPECTED));
  }

  @Test
  void listItemsLeaveOutTheAuditTrail() {
    JsonNode written = dropwizard.valueToTree(record(null));

    assertThat(written.has("audit")).isFalse();
    assertThat(written.has("actionHash")).isTrue();
  }

  @Test
  void roundTrips() throws Exception {
    OverrideRequestRecord record = dropwizard.readValue(EXPECTED, OverrideRequestRecord.class);

    assertThat(
            dropwizard.readValue(
                dropwizard.writeValueAsString(record), OverrideRequestRecord.class))
        .isEqualTo(record);
    assertThat(record.decidedAt()).isEqualTo(Instant.parse("2026-01-31T12:00:30.500Z"));
  }

  @Test
  void theOriginalVersionStillReadsWithNoApprovalsCounted() throws Exception {
    OverrideRequestRecord record = dropwizard.readValue(ORIGINAL, OverrideRequestRecord.class);

    assertThat(record.submittedBy()).isNull();
    assertThat(record.approvals()).isZero();
    assertThat(record.tokenId()).isEqualTo("0b6e8a4e-3f0c-4d7e-9a51-2f4f6c1d9e21");
  }

  private OverrideRequestRecord record(List<AuditEvent> audit) {
    return new OverrideRequestRecord(
        "5d0c2f7e-8a8b-4f4e-b1a6-0d6f0e3c9a11",
        OverrideRequestStatus.APPROVED,
        Submissions.parse("{\"actorId\":\"actor-7\"}"),
        Submissions.parse("{\"decision\":\"REJECT_STATE\"}"),
        "h",
        null,
        "lic-1",
        "actor-7",
        null,
        "fp",
        "sim-server",
        Instant.parse("2026-01-31T12:00:00Z"),
        Instant.parse("2026-01-31T12:01:00Z"),
        null,
        Submissions.parse("{\"riskLevel\":\"CRITICAL\"}"),
        "ok",
        "alice",
        Instant.parse("2026-01-31T12:00:30.500Z"),
        "0b6e8a4e-3f0c-4d7e-9a51-2f4f6c1d9e21",
        "runtime",
        null,
        2,
        2,
        audit);
  }
}
