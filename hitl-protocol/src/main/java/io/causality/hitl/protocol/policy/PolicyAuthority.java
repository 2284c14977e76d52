package io.causality.hitl.protocol.policy;

import io.causality.hitl.protocol.crypto.PemKeys;
import java.security.interfaces.RSAPublicKey;

/**
 * An authority of the deployment policy: an operator and the public half of the key they sign
 * override tokens with.
 *
 * @param keyId the key's id, unique within the policy
 * @param operatorId the operator holding the private key
 * @param publicKeyPem the RSA public key, {@code BEGIN PUBLIC KEY} PEM
 */
public record PolicyAuthority(String keyId, String operatorId, String publicKeyPem) {

  /** The parsed public key; the policy parser has checked that it parses. */
  public RSAPublicKey publicKey() {
    return PemKeys.parsePublicKey(publicKeyPem, "policy authority " + keyId);
  }
}
