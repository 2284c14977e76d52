package io.causality.hitl.coordinator.policy;

import java.nio.file.Path;
import java.time.Instant;

/**
 * One configured authority ({@code authorities[]} of the coordinator configuration).
 *
 * @param keyId must name an authority of the policy
 * @param operatorId must equal the policy's operatorId for that key
 * @param privateKeyPemPath RSA private key, PKCS#8 or PKCS#1 PEM
 * @param retiresAt from when the key signs no new token; null when it does not retire
 */
public record AuthorityKeyConfig(
    String keyId, String operatorId, Path privateKeyPemPath, Instant retiresAt) {

  /** An authority whose key does not retire. */
  public AuthorityKeyConfig(String keyId, String operatorId, Path privateKeyPemPath) {
    this(keyId, operatorId, privateKeyPemPath, null);
  }
}
