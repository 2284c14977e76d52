package io.causality.hitl.protocol.policy;

/**
 * Adaptive gating of submissions at the coordinator ({@code policy.hitl.adaptiveEscalation}).
 *
 * @param enabled gating applies only when true
 * @param cooldownAfterDenyMs after a denial for an actor, new submissions for that actor are
 *     refused for this long (0: no cooldown)
 * @param requireMaterialChangeAfterDeny refuse a submission whose failure fingerprint equals that
 *     of a denied request of the same actor
 */
public record AdaptiveEscalationPolicy(
    boolean enabled, long cooldownAfterDenyMs, boolean requireMaterialChangeAfterDeny) {

  /** What a policy without an {@code adaptiveEscalation} object means. */
  public static final AdaptiveEscalationPolicy DISABLED =
      new AdaptiveEscalationPolicy(false, 0, false);

  public AdaptiveEscalationPolicy {
    if (cooldownAfterDenyMs < 0) {
      throw new IllegalArgumentException("cooldownAfterDenyMs must not be negative");
    }
  }
}
