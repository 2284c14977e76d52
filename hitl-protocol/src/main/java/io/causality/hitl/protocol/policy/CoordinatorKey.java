package io.causality.hitl.protocol.policy;

import io.causality.hitl.protocol.crypto.PemKeys;
import java.security.interfaces.RSAPublicKey;

/**
 * The coordinator's own key, as the deployment policy names it: the public half of the key that
 * signs the coordinator's redemption answers and its audit checkpoints. The evaluation runtime
 * verifies redemption answers with it, and {@code audit verify} the checkpoints; the private half
 * stays in a file beside the coordinator, never in its database.
 *
 * @param keyId the key's id, named in every signature it makes
 * @param publicKeyPem the RSA public key, {@code BEGIN PUBLIC KEY} PEM
 */
public record CoordinatorKey(String keyId, String publicKeyPem) {

  /** The parsed public key; the policy parser has checked that it parses. */
  public RSAPublicKey publicKey() {
    return PemKeys.parsePublicKey(publicKeyPem, "policy coordinatorKey " + keyId);
  }
}
