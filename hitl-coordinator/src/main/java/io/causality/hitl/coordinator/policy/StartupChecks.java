package io.causality.hitl.coordinator.policy;

import io.causality.hitl.coordinator.crypto.AuthoritySigner;
import io.causality.hitl.coordinator.crypto.AuthoritySigners;
import io.causality.hitl.coordinator.crypto.KeyFilePermissions;
import io.causality.hitl.protocol.crypto.KeyFormatException;
import io.causality.hitl.protocol.crypto.PemKeys;
import io.causality.hitl.protocol.policy.DeploymentPolicy;
import io.causality.hitl.protocol.policy.HitlPolicy;
import io.causality.hitl.protocol.policy.PolicyAuthority;
import io.causality.hitl.protocol.policy.PolicyFormatException;
import io.causality.hitl.protocol.policy.PolicyTrust;
import io.causality.hitl.protocol.policy.SignedPolicy;
import java.nio.file.Path;
import java.security.interfaces.RSAPrivateCrtKey;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * The coordinator's checks before it serves; any failure is a {@link StartupCheckException} with
 * one line naming the file and the problem:
 *
 * <ol>
 *   <li>the policy loads and parses; when a trusted policy key is configured, the policy must carry
 *       a PS256 signature that verifies with it (fail closed: a missing or unreadable key, a
 *       missing signature or a bad one all stop the start);
 *   <li>the policy has a {@code hitl} section;
 *   <li>{@code defaultTokenTtlMs} is positive and at most {@code hitl.maxTokenTtlMs};
 *   <li>{@code hitl.requiredApprovals} is at most the number of distinct operators among the
 *       policy's authorities;
 *   <li>no key id is configured twice;
 *   <li>each authority's key id is in the policy with the same operator, and the public key derived
 *       from its private key equals the policy's.
 * </ol>
 */
public final class StartupChecks {

  /** The configuration key of the trusted policy-signing key, named in the messages. */
  public static final String TRUSTED_KEY_SETTING = "policy.trustedKeyPemPath";

  private StartupChecks() {}

  /**
   * Runs every check.
   *
   * @param policyPath the deployment policy file
   * @param defaultTokenTtlMs the configured default token lifetime
   * @param authorities the configured authorities
   * @param trustedKeyPemPath the policy-signing public key, when signatures are checked; no
   *     signature is required without one
   */
  public static StartupReport run(
      Path policyPath,
      long defaultTokenTtlMs,
      List<AuthorityKeyConfig> authorities,
      Optional<Path> trustedKeyPemPath) {
    PolicyTrust trust =
        new PolicyTrust(
            TRUSTED_KEY_SETTING, trustedKeyPemPath.map(Path::toString).orElse(null), false);
    return run(policyPath, defaultTokenTtlMs, authorities, trust);
  }

  /**
   * Runs every check, the policy's signature by the rules of {@code trust}.
   *
   * @param policyPath the deployment policy file
   * @param defaultTokenTtlMs the configured default token lifetime
   * @param authorities the configured authorities
   * @param trust the trusted key as configured, and whether a signature is required
   */
  public static StartupReport run(
      Path policyPath,
      long defaultTokenTtlMs,
      List<AuthorityKeyConfig> authorities,
      PolicyTrust trust) {
    Objects.requireNonNull(policyPath, "policyPath");
    List<String> warnings = new ArrayList<>();
    SignedPolicy file = PolicyLoader.load(policyPath);
    checkSignature(file, policyPath, trust, warnings);
    HitlPolicy hitl =
        file.policy()
            .hitlSection()
            .orElseThrow(
                () -> new StartupCheckException("policy file " + policyPath + ": no hitl section"));
    checkTokenTtl(defaultTokenTtlMs, hitl, policyPath);
    checkQuorum(hitl, file.policy(), policyPath);
    checkNoDuplicates(authorities);
    List<AuthoritySigner> signers = new ArrayList<>();
    for (AuthorityKeyConfig config : authorities) {
      signers.add(loadSigner(config, file.policy(), policyPath, warnings));
    }
    if (signers.isEmpty()) {
      warnings.add(
          "no authorities configured: requests can be listed and denied," + " never approved");
    }
    return new StartupReport(file.policy(), new AuthoritySigners(signers), warnings);
  }

  private static void checkSignature(
      SignedPolicy file, Path policyPath, PolicyTrust trust, List<String> warnings) {
    try {
      warnings.addAll(trust.check(file, policyPath));
    } catch (PolicyFormatException e) {
      throw new StartupCheckException(e.getMessage(), e);
    }
  }

  /** A quorum the policy's operators cannot reach would leave every request unapprovable. */
  private static void checkQuorum(HitlPolicy hitl, DeploymentPolicy policy, Path policyPath) {
    long operators =
        policy.authorities().stream().map(PolicyAuthority::operatorId).distinct().count();
    if (hitl.requiredApprovals() > operators) {
      throw new StartupCheckException(
          "policy file "
              + policyPath
              + ": hitl.requiredApprovals "
              + hitl.requiredApprovals()
              + " exceeds the "
              + operators
              + " distinct operators of its authorities");
    }
  }

  private static void checkTokenTtl(long defaultTokenTtlMs, HitlPolicy hitl, Path policyPath) {
    if (defaultTokenTtlMs <= 0) {
      throw new StartupCheckException(
          "defaultTokenTtlMs must be positive, was " + defaultTokenTtlMs);
    }
    if (defaultTokenTtlMs > hitl.maxTokenTtlMs()) {
      throw new StartupCheckException(
          "defaultTokenTtlMs "
              + defaultTokenTtlMs
              + " exceeds hitl.maxTokenTtlMs "
              + hitl.maxTokenTtlMs()
              + " of policy file "
              + policyPath);
    }
  }

  private static void checkNoDuplicates(List<AuthorityKeyConfig> authorities) {
    Set<String> seen = new HashSet<>();
    for (int i = 0; i < authorities.size(); i++) {
      String keyId = authorities.get(i).keyId();
      if (keyId == null || keyId.isBlank()) {
        throw new StartupCheckException("authorities[" + i + "]: keyId is missing");
      }
      if (!seen.add(keyId)) {
        throw new StartupCheckException(
            "authorities: keyId " + keyId + " is configured more than once");
      }
    }
  }

  private static AuthoritySigner loadSigner(
      AuthorityKeyConfig config, DeploymentPolicy policy, Path policyPath, List<String> warnings) {
    String keyId = config.keyId();
    PolicyAuthority entry =
        policy
            .authority(keyId)
            .orElseThrow(
                () ->
                    new StartupCheckException(
                        "authority "
                            + keyId
                            + ": keyId is not an authority"
                            + " of policy file "
                            + policyPath));
    if (!entry.operatorId().equals(config.operatorId())) {
      throw new StartupCheckException(
          "authority "
              + keyId
              + ": operatorId "
              + config.operatorId()
              + " does not match operatorId "
              + entry.operatorId()
              + " of policy file "
              + policyPath);
    }
    AuthoritySigner signer =
        new AuthoritySigner(keyId, config.operatorId(), readPrivateKey(config), config.retiresAt());
    if (!PemKeys.samePublicKey(signer.publicKey(), entry.publicKey())) {
      throw new StartupCheckException(
          "authority "
              + keyId
              + ": private key "
              + config.privateKeyPemPath()
              + " does not match the public key of "
              + keyId
              + " in policy file "
              + policyPath);
    }
    KeyFilePermissions.warning(config.privateKeyPemPath()).ifPresent(warnings::add);
    return signer;
  }

  private static RSAPrivateCrtKey readPrivateKey(AuthorityKeyConfig config) {
    if (config.privateKeyPemPath() == null) {
      throw new StartupCheckException(
          "authority " + config.keyId() + ": privateKeyPemPath is missing");
    }
    try {
      return PemKeys.readPrivateKey(config.privateKeyPemPath());
    } catch (KeyFormatException e) {
      throw new StartupCheckException(
          "authority " + config.keyId() + ": private key " + e.getMessage(), e);
    }
  }
}
