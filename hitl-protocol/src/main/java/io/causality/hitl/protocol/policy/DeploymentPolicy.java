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
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record DeploymentPolicy(
    long policyVersion, List<PolicyAuthority> authorities, HitlPolicy hitl, GatePolicy gate) {

  public DeploymentPolicy {
    authorities = List.copyOf(Objects.requireNonNull(authorities, "authorities"));
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
