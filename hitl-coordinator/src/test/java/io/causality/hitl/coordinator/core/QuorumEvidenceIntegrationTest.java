package io.causality.hitl.coordinator.core;

import static io.causality.hitl.coordinator.core.Submissions.valid;
import static org.assertj.core.api.Assertions.assertThat;

import io.causality.hitl.coordinator.crypto.TestKeyPairs;
import io.causality.hitl.coordinator.db.AuditChain;
import io.causality.hitl.coordinator.db.AuditEventRow;
import io.causality.hitl.protocol.policy.OverrideTokenVerifier;
import io.causality.hitl.protocol.wire.ApprovalStatement;
import io.causality.hitl.protocol.wire.ApproveOverrideRequest;
import io.causality.hitl.protocol.wire.AuditEventType;
import io.causality.hitl.protocol.wire.OverrideApproval;
import io.causality.hitl.protocol.wire.OverrideTokenEnvelope;
import io.causality.hitl.protocol.wire.OverrideTokenPayload;
import io.causality.hitl.protocol.wire.OverrideTokens;
import io.causality.hitl.protocol.wire.TokenApproval;
import java.nio.file.Path;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.jdbi.v3.core.Handle;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A quorum of two: an approval event written with the database's password, chained or not, does not
 * count; only approvals whose chain links verify and whose operator's key signed them do, and the
 * token carries them all, so that a verifier checks the quorum from the token and the policy alone
 * (issue 26, item 4).
 */
class QuorumEvidenceIntegrationTest {
  @TempDir Path dir;

  private ServiceFixture fixture;
  private OverrideService service;
  private String id;

  @BeforeEach
  void submit() throws Exception {
    fixture = ServiceFixture.quorum(dir, 2);
    service = fixture.service;
    id = service.submit(valid("actor-7", "i")).coordinatorRequestId();
  }

  @AfterEach
  void close() {
    fixture.close();
  }

  @Test
  void anUnchainedApprovalInsertedBySqlDoesNotCount() {
    fixture.db.jdbi().useHandle(h -> insertEvent(h, partialApprovalOfBob(), null, null, null));

    OverrideApproval alice = service.approve(id, approve("k-alice"), Deciders.ALICE);

    assertThat(alice.issued()).as("one real approval issued no token").isEmpty();
    assertThat(alice.pending().status().name()).isEqualTo("PENDING");
  }

  @Test
  void anApprovalChainedBySqlWithoutItsOperatorsSignatureDoesNotCount() {
    // An insider with the database's password appends the event properly: hashes, head and all.
    fixture.db.jdbi().useHandle(QuorumEvidenceIntegrationTest::appendForgedApproval);
    assertThat(new AuditTrail(fixture.db.jdbi()).verify().isIntact()).isTrue();

    OverrideApproval alice = service.approve(id, approve("k-alice"), Deciders.ALICE);

    assertThat(alice.issued()).isEmpty();
  }

  @Test
  void theTokenCarriesEveryApprovalEachSignedByItsOperatorsKey() {
    assertThat(service.approve(id, approve("k-bob"), Deciders.BOB).issued()).isEmpty();
    OverrideTokenEnvelope token =
        service.approve(id, approve("k-alice"), Deciders.ALICE).issued().orElseThrow();
    OverrideTokenPayload payload = OverrideTokens.parsePayload(token.payload()).orElseThrow();

    assertThat(payload.approvals())
        .extracting(TokenApproval::operatorId, TokenApproval::keyId)
        .containsExactlyInAnyOrder(
            org.assertj.core.groups.Tuple.tuple("bob", "k-bob"),
            org.assertj.core.groups.Tuple.tuple("alice", "k-alice"));
    assertThat(OverrideTokenVerifier.quorumProven(fixture.policy, payload)).isTrue();
    // One key alone cannot make a token that proves the quorum: without bob's approval...
    OverrideTokenPayload aliceOnly =
        payload.withApprovals(
            payload.approvals().stream().filter(a -> a.operatorId().equals("alice")).toList());
    assertThat(OverrideTokenVerifier.quorumProven(fixture.policy, aliceOnly)).isFalse();
    // ...or with bob's approval signed by alice's key.
    TokenApproval forged =
        ApprovalStatement.of(payload, new TokenApproval("bob", "k-bob", Instant.now(), null))
            .sign(TestKeyPairs.ALICE.getPrivate());
    OverrideTokenPayload forgedBob =
        payload.withApprovals(List.of(aliceOnly.approvals().get(0), forged));
    assertThat(OverrideTokenVerifier.quorumProven(fixture.policy, forgedBob)).isFalse();
  }

  private AuditEventRow partialApprovalOfBob() {
    return new AuditEventRow(
        UUID.randomUUID().toString(),
        id,
        AuditEventType.PARTIAL_APPROVAL,
        "bob",
        fixture.clock.instant(),
        "inserted by SQL");
  }

  private static void appendForgedApproval(Handle handle) {
    var head =
        handle.createQuery("SELECT last_seq, last_hash FROM audit_chain_head").mapToMap().one();
    long sequence = ((Number) head.get("last_seq")).longValue() + 1;
    String previous = (String) head.get("last_hash");
    String requestId =
        handle
            .createQuery("SELECT coordinator_request_id FROM override_requests")
            .mapTo(String.class)
            .one();
    AuditEventRow event =
        new AuditEventRow(
            UUID.randomUUID().toString(),
            requestId,
            AuditEventType.PARTIAL_APPROVAL,
            "bob",
            ServiceFixture.START,
            null);
    String hash = AuditChain.hash(event, sequence, previous);
    insertEvent(handle, event, sequence, previous, hash);
    handle.execute(
        "UPDATE audit_chain_head SET last_seq = ?, last_hash = ? WHERE id = 1", sequence, hash);
  }

  private static void insertEvent(
      Handle handle, AuditEventRow event, Long sequence, String previous, String hash) {
    handle.execute(
        "INSERT INTO audit_events (id, coordinator_request_id, event_type, actor_id, occurred_at,"
            + " note, chain_seq, previous_hash, event_hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
        event.id(),
        event.coordinatorRequestId(),
        event.eventType().name(),
        event.actorId(),
        Timestamp.from(event.occurredAt()),
        event.note(),
        sequence,
        previous,
        hash);
  }

  private static ApproveOverrideRequest approve(String keyId) {
    return new ApproveOverrideRequest(keyId, null, null);
  }
}
