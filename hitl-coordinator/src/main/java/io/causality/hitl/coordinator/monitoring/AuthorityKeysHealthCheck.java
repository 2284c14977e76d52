package io.causality.hitl.coordinator.monitoring;

import com.codahale.metrics.health.HealthCheck;
import io.causality.hitl.coordinator.crypto.AuthoritySigner;
import io.causality.hitl.coordinator.crypto.AuthoritySigners;
import io.causality.hitl.protocol.crypto.PemKeys;
import io.causality.hitl.protocol.policy.DeploymentPolicy;
import io.causality.hitl.protocol.policy.PolicyAuthority;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The {@code authority-keys} health check: signing keys are loaded, and each is an authority of the
 * policy served, for the same operator and with the same public key, so that every token the
 * coordinator signs verifies against the policy its clients hold. The start checks this too; the
 * check reads the policy and keys in force each time, so it holds after a reload.
 */
public final class AuthorityKeysHealthCheck extends HealthCheck {
  public static final String NAME = "authority-keys";

  private final Supplier<DeploymentPolicy> policy;
  private final Supplier<AuthoritySigners> signers;

  public AuthorityKeysHealthCheck(
      Supplier<DeploymentPolicy> policy, Supplier<AuthoritySigners> signers) {
    this.policy = policy;
    this.signers = signers;
  }

  @Override
  protected Result check() {
    AuthoritySigners loaded = signers.get();
    DeploymentPolicy served = policy.get();
    if (loaded.isEmpty()) {
      return Result.unhealthy("no authority signing key is loaded");
    }
    List<String> problems = new ArrayList<>();
    for (String keyId : loaded.keyIds()) {
      problemOf(loaded.find(keyId).orElseThrow(), served).ifPresent(problems::add);
    }
    return problems.isEmpty()
        ? Result.healthy("keys %s match policy version %d", loaded.keyIds(), served.policyVersion())
        : Result.unhealthy(String.join("; ", problems));
  }

  private static Optional<String> problemOf(AuthoritySigner signer, DeploymentPolicy served) {
    Optional<PolicyAuthority> authority = served.authority(signer.keyId());
    if (authority.isEmpty()) {
      return Optional.of("key " + signer.keyId() + " is not an authority of the policy");
    }
    if (!authority.get().operatorId().equals(signer.operatorId())) {
      return Optional.of("key " + signer.keyId() + " belongs to another operator in the policy");
    }
    if (!PemKeys.samePublicKey(authority.get().publicKey(), signer.publicKey())) {
      return Optional.of("key " + signer.keyId() + " does not match the policy's public key");
    }
    return Optional.empty();
  }
}
