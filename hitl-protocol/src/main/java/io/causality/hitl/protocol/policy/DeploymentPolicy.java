package io.causality.hitl.protocol.policy;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The {@code policy} object of a deployment policy file (see {@link PolicyFiles}).
 *
 * @param policyVersion positive integer, bound into every override token
 * @param authorities keys allowed to sign override tokens, unique by keyId
 * @param hitl coordinator settings; null when the file has none
 * @param gate the evaluation runtime's state gate; null when the file has none
 * @param coordinatorKey the coordinator's own key (redemption answers, audit checkpoints); null
 *     when the file has none
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record DeploymentPolicy(
    long policyVersion,
    List<PolicyAuthority> authorities,
    HitlPolicy hitl,
    GatePolicy gate,
    CoordinatorKey coordinatorKey) {

  public DeploymentPolicy {
    authorities = List.copyOf(Objects.requireNonNull(authorities, "authorities"));
  }

  /** A policy that names no coordinator key. */
  public DeploymentPolicy(
      long policyVersion, List<PolicyAuthority> authorities, HitlPolicy hitl, GatePolicy gate) {
    this(policyVersion, authorities, hitl, gate, null);
  }

  /** The same policy naming {@code key} as the coordinator's. */
  public DeploymentPolicy withCoordinatorKey(CoordinatorKey key) {
    return new DeploymentPolicy(policyVersion, authorities, hitl, gate, key);
  }

  /** The {@code coordinatorKey}, which the coordinator and the evaluation runtime require. */
  public Optional<CoordinatorKey> coordinatorKeySection() {
    return Optional.ofNullable(coordinatorKey);
  }

  /** The quorum of approvals a token must carry: {@code hitl.requiredApprovals}, else 1. */
  public int requiredApprovals() {
    return hitl == null ? HitlPolicy.DEFAULT_REQUIRED_APPROVALS : hitl.requiredApprovals();
  }

  /** The authority with this key id. */
  public Optional<PolicyAuthority> authority(String keyId) {
    return authorities.stream().filter(a -> a.keyId().equals(keyId)).findFirst();
  }

  /** The {@code hitl} section, which the coordinator requires. */
  public Optional<HitlPolicy> hitlSection() {
    return Optional.ofNullable(hitl);
  }

  /** The {@code gate} section, which the evaluation runtime requires. */
  public Optional<GatePolicy> gateSection() {
    return Optional.ofNullable(gate);
  }
}
