package io.causality.hitl.protocol;

import static io.causality.hitl.protocol.TestKeys.fixture;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.causality.hitl.protocol.crypto.CanonicalJson;
import io.causality.hitl.protocol.wire.AuditEventPage;
import io.causality.hitl.protocol.wire.AuditEventType;
import io.causality.hitl.protocol.wire.ChainedAuditEvent;
import io.causality.hitl.protocol.wire.Decision;
import io.causality.hitl.protocol.wire.Evaluations;
import io.causality.hitl.protocol.wire.OverrideApproval;
import io.causality.hitl.protocol.wire.OverrideFailureReason;
import io.causality.hitl.protocol.wire.OverrideOutcome;
import io.causality.hitl.protocol.wire.OverrideRequestRecord;
import io.causality.hitl.protocol.wire.OverrideRequestStatus;
import io.causality.hitl.protocol.wire.OverrideTokenEnvelope;
import io.causality.hitl.protocol.wire.OverrideTokens;
import io.causality.hitl.protocol.wire.Pagination;
import io.causality.hitl.protocol.wire.ProtocolJson;
import io.causality.hitl.protocol.wire.RedeemRequest;
import io.causality.hitl.protocol.wire.RedeemResponse;
import io.causality.hitl.protocol.wire.RedeemStatus;
import io.causality.hitl.protocol.wire.SubmitOverrideRequest;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** Each wire type against its fixture, and through a round trip. */
class WireRecordsTest {

  private final ObjectMapper mapper = ProtocolJson.newMapper();

  @Test
  void redeemRequestFixture() throws Exception {
    RedeemRequest request =
        mapper.readValue(fixture("wire/redeem-request.json"), RedeemRequest.class);

    assertThat(request)
        .isEqualTo(
            new RedeemRequest(
                "0b6e8a4e-3f0c-4d7e-9a51-2f4f6c1d9e21",
                "e40a81f09523908e8b95995ca64e9dc5ccc85284eb47acb0397d136e24a1d3f1",
                3L,
                "lic-acme",
                "actor-7"));
    assertRoundTrip(request, RedeemRequest.class);
  }

  @Test
  void redeemResponseFixtures() throws Exception {
    RedeemResponse accepted =
        new RedeemResponse(
            RedeemStatus.ACCEPTED,
            "0b6e8a4e-3f0c-4d7e-9a51-2f4f6c1d9e21",
            Instant.parse("2026-01-31T12:05:00.250Z"));
    RedeemResponse unknown =
        RedeemResponse.of(RedeemStatus.UNKNOWN_TOKEN, "0b6e8a4e-3f0c-4d7e-9a51-2f4f6c1d9e21");

    assertJsonEquals(accepted, "wire/redeem-response-accepted.json");
    assertJsonEquals(unknown, "wire/redeem-response-unknown.json");
    assertRoundTrip(accepted, RedeemResponse.class);
    assertRoundTrip(unknown, RedeemResponse.class);
  }

  /**
   * The fixture's hashes were computed outside Java (sorted-key compact JSON, SHA-256): a client
   * recomputes each from the event's other members, as docs/coordinator-protocol.md says.
   */
  @Test
  void auditEventPageFixtureAndItsHashes() throws Exception {
    AuditEventPage page =
        mapper.readValue(fixture("wire/audit-event-page.json"), AuditEventPage.class);

    assertThat(page.pagination()).isEqualTo(new Pagination(50, 0, 2));
    ChainedAuditEvent denied = page.data().get(1);
    assertThat(denied.eventType()).isEqualTo(AuditEventType.DENIED);
    assertThat(denied.timestamp()).isEqualTo(Instant.parse("2026-01-31T12:04:10Z"));
    assertThat(denied.previousHash()).isEqualTo(page.data().get(0).hash());
    for (ChainedAuditEvent event : page.data()) {
      ObjectNode content = mapper.valueToTree(event);
      content.remove("hash");
      assertThat(CanonicalJson.sha256Hex(content)).isEqualTo(event.hash());
    }
    // through text: the tree of a long member is a LongNode, the fixture's an IntNode
    assertThat(mapper.readTree(mapper.writeValueAsString(page)))
        .isEqualTo(mapper.readTree(fixture("wire/audit-event-page.json")));
    assertRoundTrip(page, AuditEventPage.class);
  }

  @Test
  void timestampsAreRfc3339StringsEvenWithAPlainMapper() throws Exception {
    RedeemResponse accepted =
        new RedeemResponse(RedeemStatus.ACCEPTED, "t", Instant.parse("2026-01-31T12:05:00Z"));
    ObjectMapper plain = new ObjectMapper().findAndRegisterModules();

    assertThat(plain.writeValueAsString(accepted)).contains("\"2026-01-31T12:05:00Z\"");
  }

  @Test
  void submitRequestFixtureKeepsTheEnvelopesVerbatim() throws Exception {
    String text = fixture("wire/submit-request.json");
    SubmitOverrideRequest request = mapper.readValue(text, SubmitOverrideRequest.class);

    assertThat(request.licenseId()).isEqualTo("lic-acme");
    assertThat(request.actorId()).isNull();
    assertThat(request.source()).isEqualTo("sim-server");
    assertThat(Evaluations.decision(request.evaluationResponse())).contains(Decision.REJECT_STATE);
    assertThat(mapper.readTree(mapper.writeValueAsString(request)))
        .isEqualTo(mapper.readTree(text));
  }

  @Test
  void envelopeRoundTrips() throws Exception {
    OverrideTokenEnvelope envelope =
        OverrideTokens.sign(TestKeys.PAYLOAD, TestKeys.ALICE.getPrivate());

    assertRoundTrip(envelope, OverrideTokenEnvelope.class);
    assertThat(mapper.readTree(mapper.writeValueAsString(envelope)).fieldNames())
        .toIterable()
        .containsExactly("tokenId", "keyId", "alg", "payload", "signature");
  }

  @Test
  void theEnvelopeReadsItsPayloadTypedWithoutWritingIt() {
    OverrideTokenEnvelope envelope =
        OverrideTokens.sign(TestKeys.PAYLOAD, TestKeys.ALICE.getPrivate());

    assertThat(envelope.unverifiedPayload()).contains(TestKeys.PAYLOAD);
    OverrideTokenEnvelope garbled =
        new OverrideTokenEnvelope("t", "k", "PS256", "{\"tokenId\":", envelope.signature());
    assertThat(garbled.unverifiedPayload()).isEmpty();
  }

  @Test
  void anApprovalWritesItsOutcomeThenTheMembersOfItsAnswer() throws Exception {
    OverrideTokenEnvelope token =
        OverrideTokens.sign(TestKeys.PAYLOAD, TestKeys.ALICE.getPrivate());
    JsonNode issued = mapper.valueToTree(new OverrideApproval(token, null));
    assertThat(issued.fieldNames())
        .toIterable()
        .containsExactly("outcome", "tokenId", "keyId", "alg", "payload", "signature");
    assertThat(issued.get("outcome").asText()).isEqualTo("TOKEN_ISSUED");

    OverrideRequestRecord pending =
        new OverrideRequestRecord(
            "r-1",
            OverrideRequestStatus.PENDING,
            mapper.createObjectNode(),
            mapper.createObjectNode(),
            "hash",
            null,
            "lic-1",
            "actor-7",
            null,
            null,
            null,
            Instant.parse("2026-11-27T09:15:00Z"),
            Instant.parse("2026-11-27T10:15:00Z"),
            null,
            null,
            null,
            null,
            null,
            null,
            null,
            null,
            1,
            2,
            null);
    JsonNode awaiting = mapper.valueToTree(new OverrideApproval(null, pending));
    assertThat(awaiting.fieldNames().next()).isEqualTo("outcome");
    assertThat(awaiting.get("outcome").asText()).isEqualTo("AWAITING_APPROVALS");
    assertThat(awaiting.get("coordinatorRequestId").asText()).isEqualTo("r-1");
    assertThat(awaiting.get("actionHash").isNull()).isTrue();
    assertThat(awaiting.has("audit")).isFalse();
    assertThat(awaiting.get("requiredApprovals").asInt()).isEqualTo(2);
  }

  @Test
  void overrideOutcomeUsesTheWireNames() throws Exception {
    OverrideOutcome replay =
        OverrideOutcome.rejected(OverrideFailureReason.of(RedeemStatus.REPLAY_DETECTED), "t-1");

    assertThat(mapper.writeValueAsString(replay))
        .isEqualTo(
            "{\"status\":\"Rejected\","
                + "\"failureReason\":\"ReplayDetected\",\"tokenId\":\"t-1\"}");
    assertThat(mapper.writeValueAsString(OverrideOutcome.applied("t-1")))
        .isEqualTo("{\"status\":\"Applied\",\"tokenId\":\"t-1\"}");
    assertRoundTrip(replay, OverrideOutcome.class);
  }

  private void assertJsonEquals(Object value, String fixtureName) throws Exception {
    JsonNode expected = mapper.readTree(fixture(fixtureName));
    assertThat(mapper.valueToTree(value).equals(expected)).as(fixtureName).isTrue();
  }

  private <T> void assertRoundTrip(T value, Class<T> type) throws Exception {
    assertThat(mapper.readValue(mapper.writeValueAsString(value), type)).isEqualTo(value);
  }
}
