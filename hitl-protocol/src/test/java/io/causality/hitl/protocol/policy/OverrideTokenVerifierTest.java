package io.causality.hitl.protocol.policy;

import static io.causality.hitl.protocol.TestKeys.fixture;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.causality.hitl.protocol.TestKeys;
import io.causality.hitl.protocol.crypto.PemKeys;
import io.causality.hitl.protocol.wire.ApprovalStatement;
import io.causality.hitl.protocol.wire.OverrideFailureReason;
import io.causality.hitl.protocol.wire.OverrideTokenEnvelope;
import io.causality.hitl.protocol.wire.OverrideTokenPayload;
import io.causality.hitl.protocol.wire.OverrideTokens;
import io.causality.hitl.protocol.wire.ProtocolJson;
import io.causality.hitl.protocol.wire.RequestHashes;
import io.causality.hitl.protocol.wire.TokenApproval;
import io.causality.hitl.protocol.wire.TokenCheck;
import java.security.KeyPair;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class OverrideTokenVerifierTest {

  private static final Instant NOW = Instant.parse("2026-01-31T12:10:00Z");

  private final JsonNode request = parse(fixture("wire/evaluation-request.json"));
  private final DeploymentPolicy policy = TestKeys.samplePolicy();
  private final OverrideTokenVerifier verifier =
      new OverrideTokenVerifier(policy, Clock.fixed(NOW, ZoneOffset.UTC));

  @Test
  void aGoodTokenPasses() {
    TokenCheck check =
        verifier.check(token(payload("actor-7", NOW.plusSeconds(60))), request, "lic-acme");

    assertThat(check.ok()).isTrue();
    assertThat(check.payload().actorId()).isEqualTo("actor-7");
  }

  @Test
  void unknownKeyOrBadSignatureIsInvalidSignature() {
    OverrideTokenEnvelope good = token(payload("actor-7", NOW.plusSeconds(60)));
    OverrideTokenEnvelope unknownKey =
        new OverrideTokenEnvelope(
            good.tokenId(), "nobody", good.alg(), good.payload(), good.signature());
    OverrideTokenEnvelope forged =
        OverrideTokens.sign(payload("actor-7", NOW.plusSeconds(60)), TestKeys.BOB.getPrivate());

    assertThat(verifier.check(unknownKey, request, "lic-acme").failure())
        .isEqualTo(OverrideFailureReason.INVALID_SIGNATURE);
    assertThat(verifier.check(forged, request, "lic-acme").failure())
        .isEqualTo(OverrideFailureReason.INVALID_SIGNATURE);
    assertThat(verifier.check(null, request, "lic-acme").failure())
        .isEqualTo(OverrideFailureReason.INVALID_SIGNATURE);
  }

  @Test
  void otherActorOrLicenseIsABindingMismatch() {
    assertThat(
            verifier
                .check(token(payload("actor-8", NOW.plusSeconds(60))), request, "lic-acme")
                .failure())
        .isEqualTo(OverrideFailureReason.BINDING_MISMATCH);
    assertThat(
            verifier
                .check(token(payload("actor-7", NOW.plusSeconds(60))), request, "lic-other")
                .failure())
        .isEqualTo(OverrideFailureReason.BINDING_MISMATCH);
  }

  @Test
  void expiredTokenIsTokenExpired() {
    assertThat(verifier.check(token(payload("actor-7", NOW)), request, "lic-acme").failure())
        .isEqualTo(OverrideFailureReason.TOKEN_EXPIRED);
  }

  @Test
  void aVersionOneTokenWithoutApprovalsStillVerifiesUnderAQuorumOfOne() {
    // what coordinators issued before tokens carried their approvals
    assertThat(payload("actor-7", NOW.plusSeconds(60)).carriesApprovals()).isFalse();
    assertThat(
            verifier
                .check(token(payload("actor-7", NOW.plusSeconds(60))), request, "lic-acme")
                .ok())
        .isTrue();
    assertThat(
            quorumOf(2)
                .check(token(payload("actor-7", NOW.plusSeconds(60))), request, "lic-acme")
                .failure())
        .as("it proves no quorum above one")
        .isEqualTo(OverrideFailureReason.INVALID_SIGNATURE);
  }

  @Test
  void aQuorumIsCheckedFromTheTokensApprovalsAlone() {
    OverrideTokenPayload base = payload("actor-7", NOW.plusSeconds(60));
    TokenApproval alice = approval(base, "alice", "ops-key-1", TestKeys.ALICE);
    TokenApproval bob = approval(base, "bob", "ops-key-2", TestKeys.BOB);
    OverrideTokenVerifier twoOfThem = quorumOf(2);

    assertThat(
            twoOfThem
                .check(token(base.withApprovals(List.of(alice, bob))), request, "lic-acme")
                .ok())
        .isTrue();
    for (List<TokenApproval> short_ :
        List.of(
            List.of(alice),
            List.of(alice, alice),
            // bob's approval signed with alice's key
            List.of(alice, approval(base, "bob", "ops-key-2", TestKeys.ALICE)),
            // bob's approval of another request
            List.of(
                alice, approval(base.withApprovals(null), "bob", "ops-key-2", TestKeys.BOB, "x")),
            // the envelope's signer is not among them
            List.of(bob, approval(base, "carol", "ops-key-3", TestKeys.BOB)))) {
      assertThat(twoOfThem.check(token(base.withApprovals(short_)), request, "lic-acme").failure())
          .as("%s", short_)
          .isEqualTo(OverrideFailureReason.INVALID_SIGNATURE);
    }
  }

  private OverrideTokenVerifier quorumOf(int approvals) {
    DeploymentPolicy quorum =
        new DeploymentPolicy(
            policy.policyVersion(),
            List.of(
                policy.authorities().get(0),
                new PolicyAuthority("ops-key-2", "bob", PemKeys.toPem(TestKeys.BOB.getPublic()))),
            new HitlPolicy(600_000, AdaptiveEscalationPolicy.DISABLED, approvals),
            policy.gate());
    return new OverrideTokenVerifier(quorum, Clock.fixed(NOW, ZoneOffset.UTC));
  }

  private static TokenApproval approval(
      OverrideTokenPayload payload, String operator, String keyId, KeyPair key) {
    return approval(payload, operator, keyId, key, payload.coordinatorRequestId());
  }

  private static TokenApproval approval(
      OverrideTokenPayload payload, String operator, String keyId, KeyPair key, String request) {
    return new ApprovalStatement(
            request,
            payload.requestHash(),
            payload.actionHash(),
            payload.licenseId(),
            payload.actorId(),
            operator,
            keyId,
            NOW.minusSeconds(30))
        .sign(key.getPrivate());
  }

  private OverrideTokenPayload payload(String actorId, Instant expiresAt) {
    return new OverrideTokenPayload(
        UUID.randomUUID().toString(),
        "req-1",
        RequestHashes.requestHash(request),
        null,
        policy.policyVersion(),
        "lic-acme",
        actorId,
        "alice",
        "ops-key-1",
        NOW.minusSeconds(60),
        expiresAt);
  }

  private static OverrideTokenEnvelope token(OverrideTokenPayload payload) {
    return OverrideTokens.sign(payload, TestKeys.ALICE.getPrivate());
  }

  private static JsonNode parse(String text) {
    try {
      return ProtocolJson.newMapper().readTree(text);
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }
}
