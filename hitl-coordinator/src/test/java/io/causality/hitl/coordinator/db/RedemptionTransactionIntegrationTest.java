package io.causality.hitl.coordinator.db;

import static io.causality.hitl.coordinator.db.Rows.T0;
import static io.causality.hitl.coordinator.db.Rows.event;
import static io.causality.hitl.coordinator.db.Rows.pending;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.causality.common.testing.LargeObjectColumns;
import io.causality.hitl.coordinator.core.AuditTrail;
import io.causality.hitl.protocol.wire.AuditEventType;
import io.causality.hitl.protocol.wire.OverrideRequestStatus;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The redemption's plain-JDBC transaction on H2 with the real changelog: tokens issued by the
 * approval DAO, read back, redeemed once, all or nothing, with the REDEEMED event in the chain and
 * in the webhook outbox.
 */
class RedemptionTransactionIntegrationTest {

  @TempDir Path dir;

  private TestDatabase db;
  private OverrideRequestDao requests;
  private IssuedTokenDao tokens;
  private RedemptionTransaction redemptions;

  @BeforeEach
  void open() throws Exception {
    db = TestDatabase.migrated(dir);
    requests = db.jdbi().onDemand(OverrideRequestDao.class);
    tokens = db.jdbi().onDemand(IssuedTokenDao.class);
    redemptions = new RedemptionTransaction(db.dataSource(), db.jdbi());
  }

  @AfterEach
  void close() {
    db.close();
  }

  /** docs/performance.md, "Memory as the work grows": no column read on a hot path is a LOB. */
  @Test
  void onH2NoColumnIsALargeObject() throws Exception {
    assertThat(LargeObjectColumns.in(db.dataSource())).isEmpty();
  }

  @Test
  void theTokenReadsBackAsTheApprovalStoredIt() {
    IssuedTokenRow token = approvedToken();

    assertThat(redemptions.findToken(token.tokenId())).contains(token);
    assertThat(tokens.findById(token.tokenId())).contains(token);
    assertThat(redemptions.findToken("unknown")).isEmpty();
  }

  @Test
  void theFirstRedemptionWinsOnce() {
    IssuedTokenRow token = approvedToken();
    String id = token.coordinatorRequestId();

    assertThat(redemptions.redeem(token, event(id, AuditEventType.REDEEMED, T0.plusSeconds(2))))
        .isTrue();
    assertThat(redemptions.redeem(token, event(id, AuditEventType.REDEEMED, T0.plusSeconds(3))))
        .isFalse();

    assertThat(redemptions.findToken(token.tokenId()).orElseThrow().redeemedAt())
        .isEqualTo(T0.plusSeconds(2));
    assertThat(requests.findById(id).orElseThrow().status())
        .isEqualTo(OverrideRequestStatus.REDEEMED);
    assertThat(requests.auditEvents().listFor(id))
        .extracting(AuditEventRow::eventType)
        .containsExactly(
            AuditEventType.SUBMITTED, AuditEventType.APPROVED, AuditEventType.REDEEMED);
  }

  @Test
  void theRedeemedEventIsChainedAndQueuedForItsEndpoints() {
    db.jdbi()
        .getConfig(WebhookRoutes.class)
        .set(Map.of("all", Set.of(), "denials", Set.of(AuditEventType.DENIED)));
    IssuedTokenRow token = approvedToken();
    AuditEventRow redeemed =
        event(token.coordinatorRequestId(), AuditEventType.REDEEMED, T0.plusSeconds(2));

    assertThat(redemptions.redeem(token, redeemed)).isTrue();

    ChainedAuditEventRow last = requests.auditEvents().chainAfter(2, 10).get(0);
    assertThat(last.event()).isEqualTo(redeemed);
    assertThat(last.sequence()).isEqualTo(3);
    assertThat(new AuditTrail(db.jdbi()).verify().problem()).isEmpty();
    assertThat(endpointsQueuedFor(redeemed.id())).isEqualTo("all");
  }

  @Test
  void aRedemptionWhoseRequestIsNotApprovedRollsBackEntirely() {
    IssuedTokenRow token = approvedToken();
    String id = token.coordinatorRequestId();
    long headBefore = requests.auditEvents().head().sequence();
    db.jdbi()
        .useHandle(
            h ->
                h.execute(
                    "UPDATE override_requests SET status = 'REDEEMED'"
                        + " WHERE coordinator_request_id = ?",
                    id));

    assertThatThrownBy(() -> redemptions.redeem(token, event(id, AuditEventType.REDEEMED, T0)))
        .isInstanceOf(IllegalStateException.class);

    assertThat(redemptions.findToken(token.tokenId()).orElseThrow().redeemedAt()).isNull();
    assertThat(requests.auditEvents().listFor(id)).hasSize(2);
    assertThat(requests.auditEvents().head().sequence()).isEqualTo(headBefore);
    // the connection went back to the pool as it came: a later redemption commits on its own
    db.jdbi().useHandle(h -> h.execute("UPDATE override_requests SET status = 'APPROVED'"));
    assertThat(redemptions.redeem(token, event(id, AuditEventType.REDEEMED, T0))).isTrue();
  }

  private String endpointsQueuedFor(String eventId) {
    return db.jdbi()
        .withHandle(
            h ->
                h.createQuery(
                        "SELECT LISTAGG(endpoint, ',') WITHIN GROUP (ORDER BY endpoint)"
                            + " FROM webhook_deliveries WHERE event_id = :e")
                    .bind("e", eventId)
                    .mapTo(String.class)
                    .one());
  }

  private IssuedTokenRow approvedToken() {
    OverrideRequestRow row = pending("a", null, null, T0);
    String id = row.coordinatorRequestId();
    requests.insertSubmitted(row, event(id, AuditEventType.SUBMITTED, T0));
    IssuedTokenRow token = Rows.token(id, T0.plusSeconds(1));
    assertThat(
            requests.approve(
                token, "op", "ok", event(id, AuditEventType.APPROVED, T0.plusSeconds(1))))
        .isTrue();
    return token;
  }
}
