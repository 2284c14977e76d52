package io.causality.hitl.protocol.policy;

import com.fasterxml.jackson.databind.JsonNode;
import io.causality.hitl.protocol.wire.ApprovalStatement;
import io.causality.hitl.protocol.wire.EvaluationFields;
import io.causality.hitl.protocol.wire.Evaluations;
import io.causality.hitl.protocol.wire.OverrideFailureReason;
import io.causality.hitl.protocol.wire.OverrideTokenEnvelope;
import io.causality.hitl.protocol.wire.OverrideTokenPayload;
import io.causality.hitl.protocol.wire.OverrideTokens;
import io.causality.hitl.protocol.wire.RequestHashes;
import io.causality.hitl.protocol.wire.TokenApproval;
import io.causality.hitl.protocol.wire.TokenCheck;
import java.time.Clock;
import java.util.HashSet;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * What an evaluation runtime checks locally before it spends a coordinator call: the envelope's key
 * is a policy authority, the PS256 signature verifies and the token's approvals prove the policy's
 * quorum ({@code InvalidSignature} otherwise), the token binds to this request, this policy
 * version, this license and this actor ({@code BindingMismatch}) and it has not expired ({@code
 * TokenExpired}). Redemption at the coordinator then enforces single use.
 */
public final class OverrideTokenVerifier {

  private final DeploymentPolicy policy;
  private final Clock clock;

  public OverrideTokenVerifier(DeploymentPolicy policy, Clock clock) {
    this.policy = Objects.requireNonNull(policy, "policy");
    this.clock = Objects.requireNonNull(clock, "clock");
  }

  /**
   * Checks a token attached to {@code evaluationRequest}, whose actor is its {@code actorId}
   * member.
   *
   * @param licenseId the license the runtime will present at redemption
   */
  public TokenCheck check(
      OverrideTokenEnvelope token, JsonNode evaluationRequest, String licenseId) {
    Optional<OverrideTokenPayload> verified = verifySignature(token);
    if (verified.isEmpty()) {
      return TokenCheck.failed(null, OverrideFailureReason.INVALID_SIGNATURE);
    }
    OverrideTokenPayload payload = verified.get();
    if (!quorumProven(policy, payload)) {
      return TokenCheck.failed(payload, OverrideFailureReason.INVALID_SIGNATURE);
    }
    String actorId = Evaluations.text(evaluationRequest, EvaluationFields.ACTOR_ID).orElse(null);
    if (!payload.bindsTo(
        RequestHashes.requestHash(evaluationRequest), policy.policyVersion(), licenseId, actorId)) {
      return TokenCheck.failed(payload, OverrideFailureReason.BINDING_MISMATCH);
    }
    if (payload.isExpiredAt(clock.instant())) {
      return TokenCheck.failed(payload, OverrideFailureReason.TOKEN_EXPIRED);
    }
    return TokenCheck.passed(payload);
  }

  /**
   * Whether the token's approvals prove {@code policy}'s quorum ({@code hitl.requiredApprovals}) by
   * themselves: each names an authority of the policy with that authority's operator, its signature
   * by that key over its {@link ApprovalStatement} verifies, no operator approves twice, the
   * envelope's signer is one of them, and there are at least as many as the quorum. A version 1
   * payload, which carries no approvals, stands for one approval by its signer: it passes only a
   * quorum of one.
   */
  public static boolean quorumProven(DeploymentPolicy policy, OverrideTokenPayload payload) {
    if (!payload.carriesApprovals()) {
      return policy.requiredApprovals() <= 1;
    }
    Set<String> operators = new HashSet<>();
    boolean signerApproved = false;
    for (TokenApproval approval : payload.approvals()) {
      if (approval == null || !verified(policy, payload, approval)) {
        return false;
      }
      if (!operators.add(approval.operatorId())) {
        return false;
      }
      signerApproved |=
          approval.keyId().equals(payload.keyId())
              && approval.operatorId().equals(payload.operatorId());
    }
    return signerApproved && operators.size() >= policy.requiredApprovals();
  }

  private static boolean verified(
      DeploymentPolicy policy, OverrideTokenPayload payload, TokenApproval approval) {
    if (approval.keyId() == null
        || approval.operatorId() == null
        || approval.approvedAt() == null) {
      return false;
    }
    return policy
        .authority(approval.keyId())
        .filter(authority -> authority.operatorId().equals(approval.operatorId()))
        .map(
            authority ->
                ApprovalStatement.of(payload, approval)
                    .verify(approval.signature(), authority.publicKey()))
        .orElse(false);
  }

  private Optional<OverrideTokenPayload> verifySignature(OverrideTokenEnvelope token) {
    if (token == null || token.keyId() == null) {
      return Optional.empty();
    }
    return policy
        .authority(token.keyId())
        .flatMap(authority -> OverrideTokens.verify(token, authority.publicKey()));
  }
}
