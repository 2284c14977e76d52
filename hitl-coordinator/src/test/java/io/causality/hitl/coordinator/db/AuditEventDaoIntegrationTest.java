package io.causality.hitl.coordinator.db;

import static io.causality.hitl.coordinator.db.Rows.T0;
import static io.causality.hitl.coordinator.db.Rows.event;
import static io.causality.hitl.coordinator.db.Rows.pending;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.causality.hitl.protocol.wire.AuditEventType;
import java.nio.file.Path;
import org.jdbi.v3.core.JdbiException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AuditEventDaoIntegrationTest {

  @TempDir Path dir;

  private TestDatabase db;
  private OverrideRequestDao requests;
  private AuditEventDao audit;

  @BeforeEach
  void open() throws Exception {
    db = TestDatabase.migrated(dir);
    requests = db.jdbi().onDemand(OverrideRequestDao.class);
    audit = db.jdbi().onDemand(AuditEventDao.class);
  }

  @AfterEach
  void close() {
    db.close();
  }

  @Test
  void eventsRoundTripInLifecycleOrderEvenAtTheSameInstant() {
    String id = submitted();
    AuditEventRow redeemed = event(id, AuditEventType.REDEEMED, T0);
    AuditEventRow approved =
        new AuditEventRow("e-approved", id, AuditEventType.APPROVED, "alice", T0, "looks fine");
    audit.insert(redeemed);
    audit.insert(approved);

    assertThat(audit.listFor(id))
        .extracting(AuditEventRow::eventType)
        .containsExactly(
            AuditEventType.SUBMITTED, AuditEventType.APPROVED, AuditEventType.REDEEMED);
    assertThat(audit.listFor(id)).contains(approved, redeemed);
  }

  @Test
  void theDatabaseRefusesASecondEventOfTheSameType() {
    String id = submitted();
    audit.insert(event(id, AuditEventType.EXPIRED, T0));

    assertThatThrownBy(() -> audit.insert(event(id, AuditEventType.EXPIRED, T0)))
        .isInstanceOf(JdbiException.class);
  }

  /**
   * Changeset 018 dropped the foreign key from events to requests: the retention setting purges
   * decided requests and keeps their events, so an event may name a request that is gone. Every
   * write path inserts an event with its request in one transaction (AuditImmutabilityTest).
   */
  @Test
  void eventsOutliveTheRequestTheyName() {
    String id = submitted();
    requests.deny("op", null, event(id, AuditEventType.DENIED, T0.plusSeconds(1)));

    assertThat(requests.purgeDecidedBefore(T0.plusSeconds(2))).isEqualTo(1);

    assertThat(requests.findById(id)).isEmpty();
    assertThat(audit.listFor(id))
        .extracting(AuditEventRow::eventType)
        .containsExactly(AuditEventType.SUBMITTED, AuditEventType.DENIED);
  }

  private String submitted() {
    OverrideRequestRow row = pending("a", null, null, T0);
    requests.insertSubmitted(row, event(row.coordinatorRequestId(), AuditEventType.SUBMITTED, T0));
    return row.coordinatorRequestId();
  }
}
