package io.causality.hitl.coordinator.db;

import static io.causality.hitl.coordinator.db.Rows.T0;
import static io.causality.hitl.coordinator.db.Rows.event;
import static io.causality.hitl.coordinator.db.Rows.pending;
import static org.assertj.core.api.Assertions.assertThat;

import io.causality.hitl.coordinator.core.AuditTrail;
import io.causality.hitl.coordinator.core.ChainVerification;
import io.causality.hitl.protocol.wire.AuditEventType;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.LongStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The audit chain on H2 with the real changelog: every insert path links its event, concurrent
 * writers leave one chain, events of an older version are linked at start, and verification names
 * the first event a change in the database broke.
 */
class AuditChainIntegrationTest {
  private static final int WRITERS = 16;
  private static final int PER_WRITER = 8;

  @TempDir Path dir;

  private TestDatabase db;
  private OverrideRequestDao requests;
  private AuditEventDao audit;
  private AuditTrail trail;

  @BeforeEach
  void open() throws Exception {
    db = TestDatabase.migrated(dir);
    requests = db.jdbi().onDemand(OverrideRequestDao.class);
    audit = db.jdbi().onDemand(AuditEventDao.class);
    trail = new AuditTrail(db.jdbi());
  }

  @AfterEach
  void close() {
    db.close();
  }

  @Test
  void eachEventIsLinkedToTheOneBefore() {
    String id = submitted();
    requests.deny("operator-1", "no", event(id, AuditEventType.DENIED, T0.plusSeconds(1)));

    List<ChainedAuditEventRow> chain = audit.chainAfter(0, 10);

    assertThat(chain).extracting(ChainedAuditEventRow::sequence).containsExactly(1L, 2L);
    assertThat(chain.get(0).previousHash()).isEqualTo(AuditChain.GENESIS_HASH);
    assertThat(chain.get(1).previousHash()).isEqualTo(chain.get(0).hash());
    ChainedAuditEventRow denied = chain.get(1);
    assertThat(denied.hash())
        .isEqualTo(AuditChain.hash(denied.event(), 2, chain.get(0).hash()))
        .hasSize(64);
    assertThat(audit.head()).isEqualTo(new ChainHead(2, denied.hash()));
    assertThat(trail.verify())
        .isEqualTo(new ChainVerification(2, denied.hash(), java.util.Optional.empty(), 0, 0));
  }

  @Test
  void concurrentWritersLeaveOneChainWithoutGaps() throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(WRITERS);
    CountDownLatch go = new CountDownLatch(1);
    List<Future<?>> writers = new ArrayList<>();
    for (int w = 0; w < WRITERS; w++) {
      writers.add(
          pool.submit(
              () -> {
                go.await();
                for (int i = 0; i < PER_WRITER; i++) {
                  submitted();
                }
                return null;
              }));
    }
    go.countDown();
    for (Future<?> writer : writers) {
      writer.get(60, TimeUnit.SECONDS);
    }
    pool.shutdown();

    long total = WRITERS * PER_WRITER;
    assertThat(audit.chainAfter(0, 1_000))
        .extracting(ChainedAuditEventRow::sequence)
        .containsExactlyElementsOf(LongStream.rangeClosed(1, total).boxed().toList());
    ChainVerification verification = trail.verify();
    assertThat(verification.problem()).isEmpty();
    assertThat(verification.checked()).isEqualTo(total);
  }

  @Test
  void eventsWrittenBeforeTheChainAreLinkedInTheOrderTheyHappened() {
    String id = requestWithoutEvents();
    db.jdbi()
        .useHandle(
            h -> {
              insertUnchained(h, "old-2", id, "DENIED", "2026-01-31T12:00:05Z");
              insertUnchained(h, "old-1", id, "SUBMITTED", "2026-01-31T12:00:00Z");
            });
    assertThat(trail.verify().problem())
        .hasValueSatisfying(p -> assertThat(p).contains("2 audit events have no place"));

    assertThat(trail.chainExisting()).isEqualTo(2);
    assertThat(trail.chainExisting()).isZero();
    submitted();

    assertThat(audit.chainAfter(0, 10))
        .extracting(row -> row.event().id())
        .startsWith("old-1", "old-2")
        .hasSize(3);
    assertThat(trail.verify())
        .satisfies(
            v -> {
              assertThat(v.problem()).isEmpty();
              assertThat(v.checked()).isEqualTo(3);
            });
  }

  @Test
  void aChangedNoteNamesItsEvent() {
    String id = submitted();
    requests.deny("operator-1", "no", event(id, AuditEventType.DENIED, T0.plusSeconds(1)));
    String denied = audit.chainAfter(1, 1).get(0).event().id();

    execute("UPDATE audit_events SET note = 'yes' WHERE id = '" + denied + "'");

    ChainVerification verification = trail.verify();
    assertThat(verification.checked()).isEqualTo(1);
    assertThat(verification.problem())
        .hasValue(
            "event "
                + denied
                + " (sequence 2, DENIED of request "
                + id
                + "): its content does not hash to its stored hash");
  }

  @Test
  void aRehashedEventBreaksTheLinkOfTheNext() {
    String first = submitted();
    String second = submitted();
    ChainedAuditEventRow one = audit.chainAfter(0, 1).get(0);
    AuditEventRow changed =
        new AuditEventRow(one.event().id(), first, AuditEventType.SUBMITTED, "mallory", T0, null);
    String rehashed = AuditChain.hash(changed, 1, AuditChain.GENESIS_HASH);

    execute(
        "UPDATE audit_events SET actor_id = 'mallory', event_hash = '"
            + rehashed
            + "' WHERE chain_seq = 1");

    assertThat(trail.verify().problem())
        .hasValueSatisfying(
            p ->
                assertThat(p)
                    .contains("(sequence 2, SUBMITTED of request " + second + ")")
                    .endsWith("its previous hash is not the hash of event 1"));
  }

  @Test
  void aRemovedEventIsNoticedInTheMiddleAndAtTheEnd() {
    submitted();
    submitted();
    submitted();

    execute("DELETE FROM audit_events WHERE chain_seq = 3");
    assertThat(trail.verify().problem())
        .hasValue(
            "the chain head is at sequence 3 but the last event is at 2: "
                + "events after it are missing");

    execute("DELETE FROM audit_events WHERE chain_seq = 1");
    assertThat(trail.verify().problem())
        .hasValueSatisfying(
            p -> assertThat(p).startsWith("event at sequence 1 is missing (the next is event "));
  }

  private String submitted() {
    OverrideRequestRow row = pending("actor-1", "intent-1", "fp-1", T0);
    requests.insertSubmitted(row, event(row.coordinatorRequestId(), AuditEventType.SUBMITTED, T0));
    return row.coordinatorRequestId();
  }

  private String requestWithoutEvents() {
    OverrideRequestRow row = pending("actor-1", "intent-1", "fp-1", T0);
    requests.insert(row);
    return row.coordinatorRequestId();
  }

  private static void insertUnchained(
      org.jdbi.v3.core.Handle handle, String id, String requestId, String type, String at) {
    handle
        .createUpdate(
            """
            INSERT INTO audit_events
                (id, coordinator_request_id, event_type, actor_id, occurred_at, note)
            VALUES (:id, :requestId, :type, 'old-actor', :at, NULL)
            """)
        .bind("id", id)
        .bind("requestId", requestId)
        .bind("type", type)
        .bind("at", java.time.Instant.parse(at))
        .execute();
  }

  private void execute(String sql) {
    db.jdbi().useHandle(h -> h.execute(sql));
  }
}
