package io.causality.hitl.protocol.policy;

import io.causality.hitl.protocol.wire.EvaluationFields;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Positive;
import jakarta.validation.constraints.PositiveOrZero;
import java.util.List;

/**
 * The shape of a deployment policy file as Jackson reads it (see {@link PolicyFiles}): boxed
 * members, so that a missing one is null and its constraint names it. The typed {@link
 * DeploymentPolicy} is built from a file whose shape and rules ({@link PolicyRules}) hold.
 *
 * @param policy the policy object, required
 * @param signature the signature object, optional
 */
record PolicyFileJson(
    @NotNull(message = OBJECT_MISSING) @Valid PolicyJson policy, @Valid SignatureJson signature) {

  static final String OBJECT_MISSING = "required object is missing";
  static final String TEXT_MISSING = "required text is missing";
  static final String INTEGER_MISSING = "required integer is missing";
  static final String POSITIVE = "must be a positive integer";

  /** Any text with a character that is not white space. */
  static final String NON_BLANK = "(?s).*\\S.*";

  static final String BLANK = "must be non-blank text";

  record PolicyJson(
      @NotNull(message = INTEGER_MISSING) @Positive(message = POSITIVE) Long policyVersion,
      @Valid List<AuthorityJson> authorities,
      @Valid HitlJson hitl,
      @Valid GateJson gate,
      @Valid CoordinatorKeyJson coordinatorKey) {

    DeploymentPolicy toPolicy() {
      List<PolicyAuthority> keys =
          authorities == null
              ? List.of()
              : authorities.stream().map(AuthorityJson::toAuthority).toList();
      return new DeploymentPolicy(
          policyVersion,
          keys,
          hitl == null ? null : hitl.toHitl(),
          gate == null ? null : gate.toGate(),
          coordinatorKey == null ? null : coordinatorKey.toKey());
    }
  }

  record CoordinatorKeyJson(
      @NotNull(message = TEXT_MISSING) @Pattern(regexp = NON_BLANK, message = BLANK) String keyId,
      @NotNull(message = TEXT_MISSING) @Pattern(regexp = NON_BLANK, message = BLANK)
          String publicKeyPem) {

    CoordinatorKey toKey() {
      return new CoordinatorKey(keyId, publicKeyPem);
    }
  }

  record AuthorityJson(
      @NotNull(message = TEXT_MISSING) @Pattern(regexp = NON_BLANK, message = BLANK) String keyId,
      @NotNull(message = TEXT_MISSING) @Pattern(regexp = NON_BLANK, message = BLANK)
          String operatorId,
      @NotNull(message = TEXT_MISSING) @Pattern(regexp = NON_BLANK, message = BLANK)
          String publicKeyPem) {

    PolicyAuthority toAuthority() {
      return new PolicyAuthority(keyId, operatorId, publicKeyPem);
    }
  }

  record HitlJson(
      @NotNull(message = INTEGER_MISSING) @Positive(message = POSITIVE) Long maxTokenTtlMs,
      @Valid AdaptiveJson adaptiveEscalation,
      @Positive(message = POSITIVE) Integer requiredApprovals) {

    HitlPolicy toHitl() {
      return new HitlPolicy(
          maxTokenTtlMs,
          adaptiveEscalation == null
              ? AdaptiveEscalationPolicy.DISABLED
              : adaptiveEscalation.toAdaptive(),
          requiredApprovals == null ? HitlPolicy.DEFAULT_REQUIRED_APPROVALS : requiredApprovals);
    }
  }

  record AdaptiveJson(
      Boolean enabled,
      @PositiveOrZero(message = "must not be negative") Long cooldownAfterDenyMs,
      Boolean requireMaterialChangeAfterDeny) {

    AdaptiveEscalationPolicy toAdaptive() {
      return new AdaptiveEscalationPolicy(
          Boolean.TRUE.equals(enabled),
          cooldownAfterDenyMs == null ? 0 : cooldownAfterDenyMs,
          Boolean.TRUE.equals(requireMaterialChangeAfterDeny));
    }
  }

  record GateJson(
      @Pattern(regexp = NON_BLANK, message = BLANK) String mode,
      @Pattern(regexp = NON_BLANK, message = BLANK) String metric,
      @NotNull(message = "required number is missing") Double gammaFloor,
      @Pattern(regexp = NON_BLANK, message = BLANK) String trendMetric) {

    GatePolicy toGate() {
      return new GatePolicy(
          mode == null ? EvaluationFields.MODE_STATE_GATE : mode,
          metric == null ? EvaluationFields.METRIC_GAMMA : metric,
          gammaFloor,
          trendMetric == null ? GatePolicy.DEFAULT_TREND_METRIC : trendMetric);
    }
  }

  record SignatureJson(
      @Pattern(regexp = NON_BLANK, message = BLANK) String keyId,
      @NotNull(message = TEXT_MISSING) @Pattern(regexp = NON_BLANK, message = BLANK) String alg,
      @NotNull(message = TEXT_MISSING) @Pattern(regexp = NON_BLANK, message = BLANK) String value) {

    PolicySignature toSignature() {
      return new PolicySignature(keyId, alg, value);
    }
  }
}
