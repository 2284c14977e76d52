package io.causality.hitl.coordinator.db;

import static io.causality.hitl.coordinator.db.Rows.T0;
import static io.causality.hitl.coordinator.db.Rows.event;
import static io.causality.hitl.coordinator.db.Rows.pending;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.causality.hitl.protocol.wire.AuditEventType;
import io.causality.hitl.protocol.wire.OverrideRequestStatus;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.jdbi.v3.core.JdbiException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OverrideRequestDaoIntegrationTest {

  @TempDir Path dir;

  private TestDatabase db;
  private OverrideRequestDao dao;

  @BeforeEach
  void open() throws Exception {
    db = TestDatabase.migrated(dir);
    dao = db.jdbi().onDemand(OverrideRequestDao.class);
  }

  @AfterEach
  void close() {
    db.close();
  }

  @Test
  void rowsRoundTripExactlyIncludingTimestampsAndJsonText() {
    OverrideRequestRow row = pending("actor-1", "intent-1", "fp-1", T0);

    dao.insertSubmitted(row, event(row.coordinatorRequestId(), AuditEventType.SUBMITTED, T0));

    assertThat(dao.findById(row.coordinatorRequestId())).contains(row);
    assertThat(dao.findById("nope")).isEmpty();
  }

  @Test
  void listsNewestFirstAndByStatus() {
    OverrideRequestRow older = insert(pending("a", null, null, T0));
    OverrideRequestRow newer = insert(pending("a", "i", null, T0.plusSeconds(1)));
    dao.deny("op", null, event(older.coordinatorRequestId(), AuditEventType.DENIED, T0));

    assertThat(dao.page(null, null, true, List.of(), 10, 0))
        .extracting(OverrideRequestRow::coordinatorRequestId)
        .containsExactly(newer.coordinatorRequestId(), older.coordinatorRequestId());
    assertThat(dao.page(OverrideRequestStatus.DENIED.name(), null, true, List.of(), 10, 0))
        .extracting(OverrideRequestRow::coordinatorRequestId)
        .containsExactly(older.coordinatorRequestId());
    assertThat(dao.count(null, null, true, List.of())).isEqualTo(2);
    assertThat(dao.count(OverrideRequestStatus.DENIED.name(), null, true, List.of())).isEqualTo(1);
  }

  @Test
  void retentionPurgesDecidedRequestsLastUsedBeforeTheCutoffAndKeepsTheirAuditEvents() {
    Instant cutoff = T0.plus(Duration.ofDays(90));
    String deniedOld = insert(pending("a", null, null, T0)).coordinatorRequestId();
    dao.deny("op", null, event(deniedOld, AuditEventType.DENIED, T0.plusSeconds(1)));
    String deniedRecent = insert(pending("b", null, null, T0)).coordinatorRequestId();
    dao.deny("op", null, event(deniedRecent, AuditEventType.DENIED, cutoff.plusSeconds(1)));
    String expiredOld = insert(pending("c", null, null, T0)).coordinatorRequestId();
    Instant expiry = T0.plusSeconds(601);
    dao.expire(expiredOld, expiry, event(expiredOld, AuditEventType.EXPIRED, expiry));
    String approvedOld = insert(pending("d", null, null, T0)).coordinatorRequestId();
    IssuedTokenRow expiredToken = Rows.token(approvedOld, T0);
    dao.approve(expiredToken, "op", null, event(approvedOld, AuditEventType.APPROVED, T0));
    String approvedLive = insert(pending("e", null, null, T0)).coordinatorRequestId();
    IssuedTokenRow liveToken = Rows.token(approvedLive, cutoff);
    dao.approve(liveToken, "op", null, event(approvedLive, AuditEventType.APPROVED, T0));
    String pendingOld = insert(pending("f", null, null, T0)).coordinatorRequestId();

    assertThat(dao.purgeDecidedBefore(cutoff)).isEqualTo(3);

    assertThat(dao.page(null, null, true, List.of(), 100, 0))
        .extracting(OverrideRequestRow::coordinatorRequestId)
        .containsExactlyInAnyOrder(deniedRecent, approvedLive, pendingOld);
    assertThat(dao.issuedTokens().findById(expiredToken.tokenId())).isEmpty();
    assertThat(dao.issuedTokens().findById(liveToken.tokenId())).isPresent();
    assertThat(dao.auditEvents().listFor(deniedOld))
        .extracting(AuditEventRow::eventType)
        .containsExactly(AuditEventType.SUBMITTED, AuditEventType.DENIED);
    assertThat(dao.purgeDecidedBefore(cutoff)).isZero();
  }

  @Test
  void pagesFilterByActorAndSkipByOffset() {
    OverrideRequestRow first = insert(pending("a", null, null, T0));
    OverrideRequestRow second = insert(pending("a", "i", null, T0.plusSeconds(1)));
    OverrideRequestRow other = insert(pending("b", null, null, T0.plusSeconds(2)));

    assertThat(dao.page(null, null, true, List.of(), 2, 0))
        .extracting(OverrideRequestRow::coordinatorRequestId)
        .containsExactly(other.coordinatorRequestId(), second.coordinatorRequestId());
    assertThat(dao.page(null, null, true, List.of(), 2, 2))
        .extracting(OverrideRequestRow::coordinatorRequestId)
        .containsExactly(first.coordinatorRequestId());
    assertThat(dao.page("PENDING", "a", true, List.of(), 10, 0))
        .extracting(OverrideRequestRow::coordinatorRequestId)
        .containsExactly(second.coordinatorRequestId(), first.coordinatorRequestId());
    assertThat(dao.count("PENDING", "a", true, List.of())).isEqualTo(2);
    assertThat(dao.count(null, "nobody", true, List.of())).isZero();
  }

  @Test
  void approveAndDenyAreConditionalOnPendingAndUnexpired() {
    OverrideRequestRow row = insert(pending("a", null, null, T0));
    String id = row.coordinatorRequestId();

    assertThat(dao.deny("op", "no", event(id, AuditEventType.DENIED, T0.plusSeconds(1)))).isTrue();
    assertThat(dao.deny("op", "no", event(id, AuditEventType.DENIED, T0.plusSeconds(2)))).isFalse();
    assertThat(
            dao.approve(
                Rows.token(id, T0),
                "op",
                null,
                event(id, AuditEventType.APPROVED, T0.plusSeconds(3))))
        .isFalse();
    assertThat(dao.findById(id).orElseThrow().decidedAt()).isEqualTo(T0.plusSeconds(1));

    OverrideRequestRow late = insert(pending("b", null, null, T0));
    Instant afterExpiry = late.requestExpiresAt();
    assertThat(
            dao.approve(
                Rows.token(late.coordinatorRequestId(), afterExpiry),
                "op",
                null,
                event(late.coordinatorRequestId(), AuditEventType.APPROVED, afterExpiry)))
        .isFalse();
  }

  @Test
  void expiryHappensOnceAndOnlyWhenDue() {
    OverrideRequestRow row = insert(pending("a", null, null, T0));
    String id = row.coordinatorRequestId();
    Instant due = row.requestExpiresAt();

    assertThat(dao.findDuePending(due.minusMillis(1))).isEmpty();
    assertThat(dao.expire(id, due.minusMillis(1), event(id, AuditEventType.EXPIRED, due)))
        .isFalse();
    assertThat(dao.findDuePending(due)).containsExactly(id);
    assertThat(dao.expire(id, due, event(id, AuditEventType.EXPIRED, due))).isTrue();
    assertThat(dao.expire(id, due, event(id, AuditEventType.EXPIRED, due))).isFalse();
    assertThat(dao.auditEvents().listFor(id))
        .extracting(AuditEventRow::eventType)
        .containsExactly(AuditEventType.SUBMITTED, AuditEventType.EXPIRED);
  }

  @Test
  void gatingLookupsTreatMissingValuesAsEmptyStrings() {
    OverrideRequestRow row = insert(pending("a", null, null, T0));

    assertThat(dao.findPending("", "a", "", "")).contains(row.coordinatorRequestId());
    assertThat(dao.findPending("", "a", "intent", "")).isEmpty();
    assertThat(dao.latestDenialAt("", "a")).isEmpty();

    dao.deny(
        "op", null, event(row.coordinatorRequestId(), AuditEventType.DENIED, T0.plusSeconds(5)));

    assertThat(dao.findPending("", "a", "", "")).isEmpty();
    assertThat(dao.latestDenialAt("", "a")).contains(T0.plusSeconds(5));
    assertThat(dao.findDenied("", "a", "")).contains(row.coordinatorRequestId());
    assertThat(dao.findDenied("", "b", "")).isEmpty();
  }

  @Test
  void thePendingKeyIsUniqueUntilTheRequestLeavesPending() {
    OverrideRequestRow first = withKey(pending("a", null, null, T0), "k1");
    insert(first);

    assertThatThrownBy(() -> insert(withKey(pending("a", null, null, T0), "k1")))
        .isInstanceOf(JdbiException.class);
    assertThat(dao.findByPendingKey("k1")).contains(first.coordinatorRequestId());

    dao.deny("op", null, event(first.coordinatorRequestId(), AuditEventType.DENIED, T0));
    insert(withKey(pending("a", null, null, T0), "k1"));
  }

  private OverrideRequestRow insert(OverrideRequestRow row) {
    dao.insertSubmitted(
        row, event(row.coordinatorRequestId(), AuditEventType.SUBMITTED, row.submittedAt()));
    return row;
  }

  private static OverrideRequestRow withKey(OverrideRequestRow r, String key) {
    return new OverrideRequestRow(
        r.coordinatorRequestId(),
        r.status(),
        r.evaluationRequest(),
        r.evaluationResponse(),
        r.requestHash(),
        r.actionHash(),
        r.licenseId(),
        r.actorId(),
        r.intentId(),
        r.failureFingerprint(),
        r.source(),
        r.submittedAt(),
        r.requestExpiresAt(),
        r.sentinelFeed(),
        r.sentinelSummary(),
        r.operatorNote(),
        r.decidedBy(),
        r.decidedAt(),
        r.tokenId(),
        key,
        r.submittedBy(),
        r.requesterOrg(),
        r.requesterKind(),
        r.requesterId(),
        r.approvals());
  }
}
