package io.causality.hitl.protocol.policy;

import io.causality.hitl.protocol.crypto.KeyFormatException;
import io.causality.hitl.protocol.crypto.PemKeys;
import java.nio.file.Path;
import java.security.interfaces.RSAPublicKey;
import java.util.ArrayList;
import java.util.List;

/**
 * How far a service trusts the deployment policy file it reads at start: the same rules in the
 * coordinator and in sim-server's evaluation runtime (docs/coordinator-protocol.md, "Policy
 * signature").
 *
 * <ul>
 *   <li>A trusted key path that is set but blank (for example {@code ${VAR:-}} with the variable
 *       unset) stops the start: it would otherwise read as "no key" and switch the check off.
 *   <li>With a key, the policy must carry a PS256 signature that verifies with it.
 *   <li>Without a key, {@code requirePolicySignature} stops the start; otherwise every start warns
 *       that the policy's signature is not checked (signed or not).
 * </ul>
 *
 * @param keySetting the configuration key of the trusted key path, for the messages
 * @param trustedKeyPemPath its value as configured: null when not set
 * @param requireSignature whether an unchecked policy must stop the start
 */
public record PolicyTrust(String keySetting, String trustedKeyPemPath, boolean requireSignature) {

  /**
   * Checks {@code file} (read from {@code policyPath}) against these rules.
   *
   * @return the warnings to log at this start
   * @throws PolicyFormatException with a one-line message naming the file or setting
   */
  public List<String> check(SignedPolicy file, Path policyPath) {
    List<String> warnings = new ArrayList<>();
    if (trustedKeyPemPath == null) {
      unchecked(file, policyPath, warnings);
      return warnings;
    }
    if (trustedKeyPemPath.isBlank()) {
      throw new PolicyFormatException(
          keySetting
              + " is set but blank: give the policy-signing public key's path, or remove the"
              + " setting to run without a signature check");
    }
    verified(file, policyPath, Path.of(trustedKeyPemPath));
    return warnings;
  }

  private void unchecked(SignedPolicy file, Path policyPath, List<String> warnings) {
    boolean signed = file.signatureSection().isPresent();
    if (requireSignature) {
      throw new PolicyFormatException(
          "policy file "
              + policyPath
              + (signed ? " is signed" : " is not signed")
              + " and requirePolicySignature is true, but no "
              + keySetting
              + " is configured to check it");
    }
    warnings.add(
        "policy file "
            + policyPath
            + (signed
                ? " is signed but no trusted policy key is configured; its signature is not checked"
                : " is not signed and no trusted policy key is configured: whoever can write the"
                    + " file decides who may approve overrides; sign it and set "
                    + keySetting));
  }

  private void verified(SignedPolicy file, Path policyPath, Path keyPath) {
    RSAPublicKey key;
    try {
      key = PemKeys.readPublicKey(keyPath);
    } catch (KeyFormatException e) {
      throw new PolicyFormatException("trusted policy key " + e.getMessage(), e);
    }
    if (file.signatureSection().isEmpty()) {
      throw new PolicyFormatException(
          "policy file "
              + policyPath
              + ": not signed, but trusted policy key "
              + keyPath
              + " is configured");
    }
    if (!PolicyFiles.verify(file, key)) {
      throw new PolicyFormatException(
          "policy file "
              + policyPath
              + ": signature does not verify with trusted policy key "
              + keyPath);
    }
  }
}
