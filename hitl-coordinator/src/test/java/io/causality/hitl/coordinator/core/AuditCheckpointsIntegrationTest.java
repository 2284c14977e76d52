package io.causality.hitl.coordinator.core;

import static io.causality.hitl.coordinator.core.Submissions.valid;
import static org.assertj.core.api.Assertions.assertThat;

import io.causality.hitl.coordinator.crypto.TestKeyPairs;
import io.causality.hitl.coordinator.db.AuditChain;
import io.causality.hitl.coordinator.db.AuditEventRow;
import io.causality.hitl.protocol.wire.ApproveOverrideRequest;
import io.causality.hitl.protocol.wire.AuditCheckpoint;
import io.causality.hitl.protocol.wire.AuditEventType;
import io.causality.hitl.protocol.wire.DenyOverrideRequest;
import java.nio.file.Path;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jdbi.v3.core.Handle;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Signed checkpoints of the audit chain (issue 26, item 4): someone with the database's password
 * rewrote the chain in each of these ways, and the plain recomputation still called it intact; the
 * checkpoints, signed with a key that is not in the database, do not.
 */
class AuditCheckpointsIntegrationTest {
  private static final int EVERY = 3;

  @TempDir Path dir;

  private ServiceFixture fixture;
  private AuditTrail audit;
  private CheckpointRules rules;

  @BeforeEach
  void writeSevenEvents() throws Exception {
    fixture = ServiceFixture.checkpointed(dir, EVERY);
    audit = new AuditTrail(fixture.db.jdbi());
    rules = rules(Optional.empty());
    OverrideService service = fixture.service;
    for (String actor : List.of("a-1", "a-2", "a-3")) {
      String id = service.submit(valid(actor, "i")).coordinatorRequestId();
      if (actor.equals("a-1")) {
        Deciders.approve(service, id, new ApproveOverrideRequest("k-alice", null, null));
      } else if (actor.equals("a-2")) {
        Deciders.deny(service, id, new DenyOverrideRequest("k-bob", null));
      }
    }
    // 3 SUBMITTED, 1 APPROVED, 1 DENIED: 5 events so far, a checkpoint at 3
    audit.checkpointHead(Instant.parse("2026-01-31T12:05:00Z"));
  }

  @AfterEach
  void close() {
    fixture.close();
  }

  @Test
  void checkpointsAreSignedEveryNEventsAndOnTheTimer() {
    List<AuditCheckpoint> all = checkpoints();

    assertThat(all).extracting(AuditCheckpoint::sequence).containsExactly(3L, 5L);
    assertThat(all).allMatch(c -> c.verify(TestKeyPairs.COORDINATOR.getPublic()));
    assertThat(audit.checkpointHead(Instant.parse("2026-01-31T12:06:00Z")))
        .as("nothing new since the last one")
        .isEmpty();
    ChainVerification verified = audit.verify(rules);
    assertThat(verified.isIntact()).isTrue();
    assertThat(verified.checkpoints()).isEqualTo(2);
    assertThat(verified.lastCheckpoint()).isEqualTo(5);
  }

  @Test
  void deletingTheLastEventAndMovingTheHeadBackIsFound() {
    fixture.db.jdbi().useHandle(h -> deleteLastEvent(h));

    assertThat(audit.verify().isIntact()).as("without the checkpoints it looks intact").isTrue();
    assertThat(audit.verify(rules).problem())
        .hasValueSatisfying(p -> assertThat(p).contains("removed from its end"));
  }

  @Test
  void changingAnApprovedEventsActorAndRechainingIsFound() {
    fixture.db.jdbi().useHandle(h -> rewriteActorAndRechain(h, AuditEventType.APPROVED, "mallory"));

    assertThat(audit.verify().isIntact()).as("without the checkpoints it looks intact").isTrue();
    assertThat(audit.verify(rules).problem())
        .hasValueSatisfying(p -> assertThat(p).contains("rewritten"));
  }

  @Test
  void aCheckpointNotSignedByTheCoordinatorKeyIsFound() {
    fixture
        .db
        .jdbi()
        .useHandle(
            h ->
                h.execute(
                    "UPDATE audit_checkpoints SET signature = ? WHERE chain_seq = 5",
                    AuditCheckpoint.sign(
                            5,
                            "0".repeat(64),
                            Instant.EPOCH,
                            "coordinator",
                            TestKeyPairs.ALICE.getPrivate())
                        .signature()));

    assertThat(audit.verify(rules).problem())
        .hasValueSatisfying(p -> assertThat(p).contains("signature does not verify"));
  }

  @Test
  void removedCheckpointsLeaveAGapThatIsFound() {
    fixture.db.jdbi().useHandle(h -> h.execute("DELETE FROM audit_checkpoints"));

    assertThat(audit.verify(rules).problem())
        .hasValueSatisfying(p -> assertThat(p).contains("checkpoints were removed"));
  }

  @Test
  void anExportedHeadMustStillBeInTheChainUnchanged() {
    String hashAt4 = chainHash(4);

    assertThat(
            audit
                .verify(rules(Optional.of(new CheckpointRules.ExpectedHead(4, hashAt4))))
                .isIntact())
        .isTrue();
    assertThat(
            audit
                .verify(rules(Optional.of(new CheckpointRules.ExpectedHead(4, "f".repeat(64)))))
                .problem())
        .hasValueSatisfying(p -> assertThat(p).contains("expected head"));
    assertThat(
            audit
                .verify(rules(Optional.of(new CheckpointRules.ExpectedHead(9, hashAt4))))
                .problem())
        .hasValueSatisfying(p -> assertThat(p).contains("beyond the chain"));
  }

  private CheckpointRules rules(Optional<CheckpointRules.ExpectedHead> expected) {
    return new CheckpointRules(TestKeyPairs.COORDINATOR.getPublic(), EVERY, expected);
  }

  private List<AuditCheckpoint> checkpoints() {
    return fixture
        .db
        .jdbi()
        .withHandle(
            h ->
                h.createQuery("SELECT * FROM audit_checkpoints ORDER BY chain_seq")
                    .map(new io.causality.hitl.coordinator.db.AuditCheckpointRowMapper())
                    .list());
  }

  private String chainHash(long sequence) {
    return fixture
        .db
        .jdbi()
        .withHandle(
            h ->
                h.createQuery("SELECT event_hash FROM audit_events WHERE chain_seq = :s")
                    .bind("s", sequence)
                    .mapTo(String.class)
                    .one());
  }

  private static void deleteLastEvent(Handle handle) {
    long last =
        handle.createQuery("SELECT MAX(chain_seq) FROM audit_events").mapTo(Long.class).one();
    String before =
        handle
            .createQuery("SELECT event_hash FROM audit_events WHERE chain_seq = :s")
            .bind("s", last - 1)
            .mapTo(String.class)
            .one();
    handle.execute("DELETE FROM webhook_deliveries");
    handle.execute("DELETE FROM audit_events WHERE chain_seq = ?", last);
    handle.execute(
        "UPDATE audit_chain_head SET last_seq = ?, last_hash = ? WHERE id = 1", last - 1, before);
  }

  /** Changes an event's actor, then recomputes its hash and every hash after it, and the head. */
  private static void rewriteActorAndRechain(Handle handle, AuditEventType type, String actor) {
    handle.execute("UPDATE audit_events SET actor_id = ? WHERE event_type = ?", actor, type.name());
    List<Map<String, Object>> rows =
        handle.createQuery("SELECT * FROM audit_events ORDER BY chain_seq").mapToMap().list();
    String previous = AuditChain.GENESIS_HASH;
    long sequence = 0;
    for (Map<String, Object> row : rows) {
      sequence = ((Number) row.get("chain_seq")).longValue();
      AuditEventRow event =
          new AuditEventRow(
              (String) row.get("id"),
              (String) row.get("coordinator_request_id"),
              AuditEventType.valueOf((String) row.get("event_type")),
              (String) row.get("actor_id"),
              instant(row.get("occurred_at")),
              (String) row.get("note"));
      String hash = AuditChain.hash(event, sequence, previous);
      handle.execute(
          "UPDATE audit_events SET previous_hash = ?, event_hash = ? WHERE id = ?",
          previous,
          hash,
          event.id());
      previous = hash;
    }
    handle.execute(
        "UPDATE audit_chain_head SET last_seq = ?, last_hash = ? WHERE id = 1", sequence, previous);
  }

  private static Instant instant(Object value) {
    if (value instanceof java.time.OffsetDateTime offset) {
      return offset.toInstant();
    }
    return ((Timestamp) value).toInstant();
  }
}
