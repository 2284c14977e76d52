package io.causality.hitl.protocol.policy;

import com.fasterxml.jackson.databind.JsonNode;
import io.causality.hitl.protocol.wire.EvaluationFields;
import io.causality.hitl.protocol.wire.Evaluations;
import io.causality.hitl.protocol.wire.OverrideFailureReason;
import io.causality.hitl.protocol.wire.OverrideTokenEnvelope;
import io.causality.hitl.protocol.wire.OverrideTokenPayload;
import io.causality.hitl.protocol.wire.OverrideTokens;
import io.causality.hitl.protocol.wire.RequestHashes;
import io.causality.hitl.protocol.wire.TokenCheck;
import java.time.Clock;
import java.util.Objects;
import java.util.Optional;

/**
 * What an evaluation runtime checks locally before it spends a coordinator call: the envelope's key
 * is a policy authority, the PS256 signature verifies ({@code InvalidSignature} otherwise), the
 * token binds to this request, this policy version, this license and this actor ({@code
 * BindingMismatch}) and it has not expired ({@code TokenExpired}). Redemption at the coordinator
 * then enforces single use.
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

  private Optional<OverrideTokenPayload> verifySignature(OverrideTokenEnvelope token) {
    if (token == null || token.keyId() == null) {
      return Optional.empty();
    }
    return policy
        .authority(token.keyId())
        .flatMap(authority -> OverrideTokens.verify(token, authority.publicKey()));
  }
}
