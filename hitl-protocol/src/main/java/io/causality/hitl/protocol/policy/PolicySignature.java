package io.causality.hitl.protocol.policy;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * The {@code signature} object of a deployment policy file: PS256 over the UTF-8 bytes of the RFC
 * 8785 canonical JSON of the file's {@code policy} object, as it stands in the file.
 *
 * @param keyId optional label of the policy-signing key (informational; the verifier uses its
 *     configured trusted key)
 * @param alg always {@code PS256}
 * @param value base64url signature without padding
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record PolicySignature(String keyId, String alg, String value) {

  /** Keeps the signature value out of logs. */
  @Override
  public String toString() {
    return "PolicySignature[keyId=" + keyId + ", alg=" + alg + "]";
  }
}
