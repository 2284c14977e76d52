package io.causality.hitl.protocol.wire;

import static org.assertj.core.api.Assertions.assertThat;

import io.causality.hitl.protocol.TestKeys;
import java.time.Instant;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * The texts the coordinator's own key signs: redemption answers over the redeemer's nonce, and
 * checkpoints of the audit chain's head; and actor ids' one spelling.
 */
class SignedStatementsTest {
  private static final Instant AT = Instant.parse("2026-01-31T12:00:00.250Z");

  @Test
  void aRedemptionAnswerVerifiesOnlyForItsOwnRedemption() {
    String tokenId = UUID.randomUUID().toString();
    RedeemRequest request =
        new RedeemRequest(tokenId, "h-1", 3L, "lic", "actor-7", "nonce-0123456789abcd");
    RedeemResponse signed =
        RedemptionStatement.sign(
            request,
            new RedeemResponse(RedeemStatus.ACCEPTED, tokenId, AT),
            TestKeys.ALICE.getPrivate(),
            "coordinator");

    assertThat(RedemptionStatement.verify(request, signed, TestKeys.ALICE.getPublic())).isTrue();
    assertThat(signed.keyId()).isEqualTo("coordinator");
    assertThat(signed.toString()).doesNotContain(signed.signature());
    // another key, another nonce, another outcome, another request hash, no signature
    assertThat(RedemptionStatement.verify(request, signed, TestKeys.BOB.getPublic())).isFalse();
    assertThat(
            RedemptionStatement.verify(
                new RedeemRequest(tokenId, "h-1", 3L, "lic", "actor-7", "nonce-9999999999999"),
                signed,
                TestKeys.ALICE.getPublic()))
        .isFalse();
    assertThat(
            RedemptionStatement.verify(
                request,
                new RedeemResponse(
                    RedeemStatus.REPLAY_DETECTED, tokenId, AT, "coordinator", signed.signature()),
                TestKeys.ALICE.getPublic()))
        .isFalse();
    assertThat(
            RedemptionStatement.verify(
                new RedeemRequest(tokenId, "h-2", 3L, "lic", "actor-7", request.nonce()),
                signed,
                TestKeys.ALICE.getPublic()))
        .isFalse();
    assertThat(
            RedemptionStatement.verify(
                request,
                new RedeemResponse(RedeemStatus.ACCEPTED, tokenId, AT),
                TestKeys.ALICE.getPublic()))
        .isFalse();
  }

  @Test
  void aCheckpointVerifiesWithItsKeyAndCoversItsSequenceAndHash() {
    AuditCheckpoint checkpoint =
        AuditCheckpoint.sign(41, "a".repeat(64), AT, "coordinator", TestKeys.ALICE.getPrivate());

    assertThat(checkpoint.verify(TestKeys.ALICE.getPublic())).isTrue();
    assertThat(checkpoint.verify(TestKeys.BOB.getPublic())).isFalse();
    assertThat(
            new AuditCheckpoint(42, checkpoint.hash(), AT, "coordinator", checkpoint.signature())
                .verify(TestKeys.ALICE.getPublic()))
        .isFalse();
    assertThat(
            new AuditCheckpoint(41, "b".repeat(64), AT, "coordinator", checkpoint.signature())
                .verify(TestKeys.ALICE.getPublic()))
        .isFalse();
  }

  @Test
  void anApprovalStatementIsNoOtherSignedText() {
    ApprovalStatement statement =
        new ApprovalStatement("req-1", "h", null, "lic", "actor-7", "alice", "ops-key-1", AT);
    TokenApproval approval = statement.sign(TestKeys.ALICE.getPrivate());

    assertThat(statement.text()).contains("\"statement\":\"hitl.approval.v1\"");
    assertThat(statement.verify(approval.signature(), TestKeys.ALICE.getPublic())).isTrue();
    assertThat(
            new ApprovalStatement("req-2", "h", null, "lic", "actor-7", "alice", "ops-key-1", AT)
                .verify(approval.signature(), TestKeys.ALICE.getPublic()))
        .isFalse();
  }

  @Test
  void actorIdsHaveOneSpelling() {
    for (String good : new String[] {"actor-7", "simulation:4f0c-9a", "a", "svc/a@b.c_d"}) {
      assertThat(ActorIds.isValid(good)).as(good).isTrue();
    }
    for (String bad :
        new String[] {
          "simulation:s1 ",
          " simulation:s1",
          "simulation:s1#2",
          "",
          "-a",
          "a b",
          "ä",
          "a\n",
          "x".repeat(256),
          null
        }) {
      assertThat(ActorIds.isValid(bad)).as("%s", bad).isFalse();
    }
  }
}
