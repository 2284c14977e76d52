package io.causality.hitl.coordinator.crypto;

import io.causality.hitl.protocol.policy.DeploymentPolicy;
import io.causality.hitl.protocol.policy.PolicyAuthority;
import java.security.PublicKey;
import java.util.Objects;
import java.util.Optional;

/**
 * Every key the coordinator works with, as one consistent set: the checked policy (whose public
 * keys verify approvals and checkpoints), the authority signers (each operator's key, for approvals
 * and tokens) and the coordinator's own signer (redemption answers, checkpoints). Immutable: a
 * reload builds a new set and swaps it in through the {@link KeyRing}.
 */
public record SigningKeys(
    DeploymentPolicy policy, AuthoritySigners authorities, CoordinatorSigner coordinator) {

  public SigningKeys {
    Objects.requireNonNull(policy, "policy");
    Objects.requireNonNull(authorities, "authorities");
    Objects.requireNonNull(coordinator, "coordinator");
  }

  /**
   * The policy's public key of authority {@code keyId}, if the policy has it for {@code operator}.
   */
  public Optional<PublicKey> authorityKey(String keyId, String operatorId) {
    return policy
        .authority(keyId)
        .filter(authority -> authority.operatorId().equals(operatorId))
        .map(PolicyAuthority::publicKey);
  }
}
