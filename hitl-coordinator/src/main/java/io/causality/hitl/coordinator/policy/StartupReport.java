package io.causality.hitl.coordinator.policy;

import io.causality.hitl.coordinator.crypto.AuthoritySigners;
import io.causality.hitl.protocol.policy.DeploymentPolicy;
import io.causality.hitl.protocol.policy.HitlPolicy;
import java.util.List;
import java.util.Objects;

/**
 * What passed the startup checks: the policy, its hitl section, the authority signers, and warnings
 * to log (for example key files open to other users).
 */
public record StartupReport(
    DeploymentPolicy policy, AuthoritySigners signers, List<String> warnings) {

  public StartupReport {
    Objects.requireNonNull(policy, "policy");
    Objects.requireNonNull(signers, "signers");
    warnings = List.copyOf(warnings);
    if (policy.hitlSection().isEmpty()) {
      throw new IllegalArgumentException("a checked policy has a hitl section");
    }
  }

  /** The policy's hitl section, present by construction. */
  public HitlPolicy hitl() {
    return policy.hitl();
  }
}
