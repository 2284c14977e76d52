package io.causality.hitl.coordinator.core;

import static io.causality.hitl.coordinator.core.ServiceFixture.DEFAULT_TOKEN_TTL_MS;
import static io.causality.hitl.coordinator.core.ServiceFixture.POLICY_VERSION;
import static io.causality.hitl.coordinator.core.ServiceFixture.START;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.causality.hitl.coordinator.crypto.TestKeyPairs;
import io.causality.hitl.protocol.wire.ApproveOverrideRequest;
import io.causality.hitl.protocol.wire.AuditEvent;
import io.causality.hitl.protocol.wire.AuditEventType;
import io.causality.hitl.protocol.wire.OverrideRequestRecord;
import io.causality.hitl.protocol.wire.OverrideRequestStatus;
import io.causality.hitl.protocol.wire.OverrideTokenEnvelope;
import io.causality.hitl.protocol.wire.RedeemRequest;
import io.causality.hitl.protocol.wire.RedeemResponse;
import io.causality.hitl.protocol.wire.RedeemStatus;
import io.causality.hitl.protocol.wire.RedemptionStatement;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The five redemption outcomes, in the order the coordinator checks them. */
class RedemptionIntegrationTest {

  @TempDir Path dir;

  private ServiceFixture fixture;
  private OverrideService service;
  private String requestId;
  private OverrideTokenEnvelope token;
  private RedeemRequest matching;

  @BeforeEach
  void approveOne() throws Exception {
    fixture = ServiceFixture.plain(dir);
    service = fixture.service;
    requestId = service.submit(Submissions.valid("actor-7", null)).coordinatorRequestId();
    token = Deciders.approve(service, requestId, new ApproveOverrideRequest("k-alice", null, null));
    OverrideRequestRecord record = service.get(requestId);
    matching =
        new RedeemRequest(
            token.tokenId(), record.requestHash(), POLICY_VERSION, "lic-1", "actor-7");
  }

  @AfterEach
  void close() {
    fixture.close();
  }

  @Test
  void acceptedOnceThenReplayDetected() {
    fixture.clock.advance(Duration.ofSeconds(3));

    RedeemResponse first = service.redeem(matching, Optional.of("sim-runtime"));
    fixture.clock.advance(Duration.ofSeconds(1));
    RedeemResponse second = service.redeem(matching);

    assertThat(unsigned(first))
        .isEqualTo(
            new RedeemResponse(RedeemStatus.ACCEPTED, token.tokenId(), START.plusSeconds(3)));
    assertThat(unsigned(second))
        .isEqualTo(
            new RedeemResponse(
                RedeemStatus.REPLAY_DETECTED, token.tokenId(), START.plusSeconds(3)));
  }

  @Test
  void everyAnswerIsSignedWithTheCoordinatorKeyOverTheRedeemersNonce() {
    RedeemRequest withNonce =
        new RedeemRequest(
            matching.tokenId(),
            matching.requestHash(),
            matching.policyVersion(),
            matching.licenseId(),
            matching.actorId(),
            "nonce-0123456789abcdef");
    RedeemRequest unknown =
        new RedeemRequest(
            UUID.randomUUID().toString(),
            "h",
            POLICY_VERSION,
            "lic-1",
            null,
            "other-nonce-0123456");

    for (RedeemRequest request : new RedeemRequest[] {withNonce, withNonce, unknown}) {
      RedeemResponse answer = service.redeem(request);
      assertThat(answer.keyId()).isEqualTo(TestKeyPairs.COORDINATOR_KEY_ID);
      assertThat(RedemptionStatement.verify(request, answer, TestKeyPairs.COORDINATOR.getPublic()))
          .as("%s verifies", answer.status())
          .isTrue();
    }
    RedeemResponse accepted = service.redeem(withNonce);
    RedeemRequest anotherNonce =
        new RedeemRequest(
            withNonce.tokenId(),
            withNonce.requestHash(),
            withNonce.policyVersion(),
            withNonce.licenseId(),
            withNonce.actorId(),
            "a-different-nonce-0000");
    assertThat(
            RedemptionStatement.verify(
                anotherNonce, accepted, TestKeyPairs.COORDINATOR.getPublic()))
        .as("an answer recorded once does not verify for another redemption's nonce")
        .isFalse();
  }

  private static RedeemResponse unsigned(RedeemResponse signed) {
    return new RedeemResponse(signed.status(), signed.tokenId(), signed.redeemedAt());
  }

  @Test
  void acceptanceMovesTheRequestToRedeemedWithOneAuditEvent() {
    service.redeem(matching, Optional.of("sim-runtime"));
    service.redeem(matching);

    OverrideRequestRecord record = service.get(requestId);
    assertThat(record.status()).isEqualTo(OverrideRequestStatus.REDEEMED);
    assertThat(record.audit())
        .extracting(AuditEvent::eventType)
        .containsExactly(
            AuditEventType.SUBMITTED, AuditEventType.APPROVED, AuditEventType.REDEEMED);
    assertThat(record.audit().get(2).actorId()).isEqualTo("sim-runtime");
  }

  @Test
  void unknownToken() {
    RedeemRequest unknown =
        new RedeemRequest(
            UUID.randomUUID().toString(),
            matching.requestHash(),
            POLICY_VERSION,
            "lic-1",
            "actor-7");

    assertThat(service.redeem(unknown).status()).isEqualTo(RedeemStatus.UNKNOWN_TOKEN);
  }

  @Test
  void bindingMismatchOnEachBoundValue() {
    String id = token.tokenId();
    String hash = matching.requestHash();

    assertStatus(
        new RedeemRequest(id, "0".repeat(64), POLICY_VERSION, "lic-1", "actor-7"),
        RedeemStatus.BINDING_MISMATCH);
    assertStatus(
        new RedeemRequest(id, hash, POLICY_VERSION + 1, "lic-1", "actor-7"),
        RedeemStatus.BINDING_MISMATCH);
    assertStatus(
        new RedeemRequest(id, hash, POLICY_VERSION, "lic-2", "actor-7"),
        RedeemStatus.BINDING_MISMATCH);
    assertStatus(
        new RedeemRequest(id, hash, POLICY_VERSION, "lic-1", "actor-8"),
        RedeemStatus.BINDING_MISMATCH);
    assertStatus(
        new RedeemRequest(id, hash, POLICY_VERSION, "lic-1", null), RedeemStatus.BINDING_MISMATCH);
    assertThat(service.redeem(matching).status()).isEqualTo(RedeemStatus.ACCEPTED);
  }

  @Test
  void expiredFromTheTokensExpiryOn() {
    fixture.clock.advance(Duration.ofMillis(DEFAULT_TOKEN_TTL_MS));

    assertStatus(matching, RedeemStatus.EXPIRED);
    assertThat(service.get(requestId).status()).isEqualTo(OverrideRequestStatus.APPROVED);
  }

  @Test
  void bindingIsCheckedBeforeExpiryAndExpiryBeforeReplay() {
    service.redeem(matching);
    fixture.clock.advance(Duration.ofMillis(DEFAULT_TOKEN_TTL_MS));
    RedeemRequest wrongActor =
        new RedeemRequest(
            token.tokenId(), matching.requestHash(), POLICY_VERSION, "lic-1", "actor-8");

    assertStatus(wrongActor, RedeemStatus.BINDING_MISMATCH);
    assertStatus(matching, RedeemStatus.EXPIRED);
  }

  @Test
  void aMissingBodyIsAValidationError() {
    // The body's shape is the constraints' (WireConstraintsTest, OverrideApiIntegrationTest).
    assertThatThrownBy(() -> service.redeem(null)).isInstanceOf(OverrideValidationException.class);
  }

  private void assertStatus(RedeemRequest request, RedeemStatus status) {
    RedeemResponse response = service.redeem(request);
    assertThat(response.status()).isEqualTo(status);
    assertThat(response.tokenId()).isEqualTo(request.tokenId());
    assertThat(response.redeemedAt()).isNull();
  }
}
