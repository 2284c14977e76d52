package io.causality.hitl.coordinator.db;

import static io.causality.hitl.coordinator.db.Rows.T0;
import static io.causality.hitl.coordinator.db.Rows.event;
import static io.causality.hitl.coordinator.db.Rows.pending;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.causality.common.testing.LargeObjectColumns;
import io.causality.hitl.protocol.AuditEventType;
import io.causality.hitl.protocol.OverrideRequestStatus;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class IssuedTokenDaoIntegrationTest {

  @TempDir Path dir;

  private TestDatabase db;
  private OverrideRequestDao requests;
  private IssuedTokenDao tokens;

  @BeforeEach
  void open() throws Exception {
    db = TestDatabase.migrated(dir);
    requests = db.jdbi().onDemand(OverrideRequestDao.class);
    tokens = db.jdbi().onDemand(IssuedTokenDao.class);
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
  void approvalStoresTheTokenAndTheFirstRedemptionWinsOnce() {
    IssuedTokenRow token = approvedToken();
    String id = token.coordinatorRequestId();

    assertThat(tokens.findById(token.tokenId())).contains(token);
    assertThat(tokens.redeem(token, event(id, AuditEventType.REDEEMED, T0.plusSeconds(2))))
        .isTrue();
    assertThat(tokens.redeem(token, event(id, AuditEventType.REDEEMED, T0.plusSeconds(3))))
        .isFalse();

    assertThat(tokens.findById(token.tokenId()).orElseThrow().redeemedAt())
        .isEqualTo(T0.plusSeconds(2));
    assertThat(requests.findById(id).orElseThrow().status())
        .isEqualTo(OverrideRequestStatus.REDEEMED);
    assertThat(requests.auditEvents().listFor(id))
        .extracting(AuditEventRow::eventType)
        .containsExactly(
            AuditEventType.SUBMITTED, AuditEventType.APPROVED, AuditEventType.REDEEMED);
  }

  @Test
  void markRedeemedCountsOnlyTheFirstUpdate() {
    IssuedTokenRow token = approvedToken();

    assertThat(tokens.markRedeemed(token.tokenId(), T0)).isEqualTo(1);
    assertThat(tokens.markRedeemed(token.tokenId(), T0)).isZero();
    assertThat(tokens.markRedeemed("unknown", T0)).isZero();
  }

  @Test
  void aRedemptionWhoseRequestIsNotApprovedRollsBackEntirely() {
    IssuedTokenRow token = approvedToken();
    String id = token.coordinatorRequestId();
    requests.markRedeemed(id);

    assertThatThrownBy(() -> tokens.redeem(token, event(id, AuditEventType.REDEEMED, T0)))
        .isInstanceOf(IllegalStateException.class);

    assertThat(tokens.findById(token.tokenId()).orElseThrow().redeemedAt()).isNull();
    assertThat(requests.auditEvents().listFor(id)).hasSize(2);
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
