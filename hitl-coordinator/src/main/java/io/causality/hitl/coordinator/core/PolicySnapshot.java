package io.causality.hitl.coordinator.core;

import io.causality.hitl.coordinator.crypto.AuthoritySigners;
import io.causality.hitl.protocol.policy.DeploymentPolicy;
import io.causality.hitl.protocol.policy.HitlPolicy;
import java.util.Objects;

/**
 * The checked deployment policy and authority keys the coordinator decides with, as one value: a
 * request reads it once and so never sees a mix of an old and a new set.
 *
 * @param policy the checked deployment policy, with a hitl section
 * @param signers the checked authority signers
 * @param settings the configured lifetimes
 */
public record PolicySnapshot(
    DeploymentPolicy policy, AuthoritySigners signers, OverrideSettings settings) {

  public PolicySnapshot {
    Objects.requireNonNull(policy, "policy");
    Objects.requireNonNull(signers, "signers");
    Objects.requireNonNull(settings, "settings");
    if (policy.hitlSection().isEmpty()) {
      throw new IllegalArgumentException("the policy has no hitl section");
    }
  }

  public HitlPolicy hitl() {
    return policy.hitl();
  }

  public long policyVersion() {
    return policy.policyVersion();
  }
}
