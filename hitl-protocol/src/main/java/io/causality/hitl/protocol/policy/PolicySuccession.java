package io.causality.hitl.protocol.policy;

import java.util.Objects;
import java.util.Optional;

/**
 * What a policy loaded while serving must be to replace the one in force (docs/operations.md,
 * "Reloading the policy and keys"), beyond the checks of a start.
 *
 * <p>Every override token is bound to the {@code policyVersion} it was approved under, so the
 * version names the rules ({@code hitl}, {@code gate}), not the key material:
 *
 * <ul>
 *   <li>a lower version is refused: going back is a restart with the old file, never a reload that
 *       an attacker could provoke with an old, validly signed policy;
 *   <li>the same version with other rules is refused: tokens already issued under that version
 *       would suddenly be judged by rules they were not approved under;
 *   <li>the same version with other authorities is a key rotation: outstanding tokens keep their
 *       binding and stay redeemable until they expire;
 *   <li>a higher version is a change of rules: outstanding tokens no longer bind (their redemption
 *       answers {@code BINDING_MISMATCH}), as with a restart on the new policy.
 * </ul>
 */
public final class PolicySuccession {

  private PolicySuccession() {}

  /** Why {@code next} may not replace {@code current}; empty when it may. */
  public static Optional<String> problem(DeploymentPolicy current, DeploymentPolicy next) {
    Objects.requireNonNull(current, "current");
    Objects.requireNonNull(next, "next");
    if (next.policyVersion() < current.policyVersion()) {
      return Optional.of(
          "policyVersion "
              + next.policyVersion()
              + " is lower than "
              + current.policyVersion()
              + " in force: restart with an older policy to go back");
    }
    if (next.policyVersion() == current.policyVersion()
        && !(Objects.equals(next.hitl(), current.hitl())
            && Objects.equals(next.gate(), current.gate()))) {
      return Optional.of(
          "policyVersion "
              + next.policyVersion()
              + " is the one in force but its hitl or gate rules differ: raise policyVersion"
              + " when the rules change (same version: only authorities may change)");
    }
    return Optional.empty();
  }

  /** What the swap does, for the operator: a rotation within the version or a new version. */
  public static String describe(DeploymentPolicy current, DeploymentPolicy next) {
    if (next.policyVersion() == current.policyVersion()) {
      return "policy version " + next.policyVersion() + " (same rules; authorities may change)";
    }
    return "policy version "
        + next.policyVersion()
        + " replaces "
        + current.policyVersion()
        + " (tokens bound to "
        + current.policyVersion()
        + " no longer redeem)";
  }
}
