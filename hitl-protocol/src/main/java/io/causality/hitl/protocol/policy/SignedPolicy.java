package io.causality.hitl.protocol.policy;

import com.fasterxml.jackson.databind.JsonNode;
import io.causality.hitl.protocol.crypto.CanonicalJson;
import java.util.Objects;
import java.util.Optional;

/**
 * A parsed deployment policy file: the typed policy, its signature if any, and the {@code policy}
 * object exactly as the file holds it, which is what the signature covers.
 *
 * @param policy the typed policy
 * @param signature the file's signature object; null when unsigned
 * @param policyJson the file's {@code policy} object as parsed
 */
public record SignedPolicy(
    DeploymentPolicy policy, PolicySignature signature, JsonNode policyJson) {

  public SignedPolicy {
    Objects.requireNonNull(policy, "policy");
    Objects.requireNonNull(policyJson, "policyJson");
  }

  /** The signature, when the file is signed. */
  public Optional<PolicySignature> signatureSection() {
    return Optional.ofNullable(signature);
  }

  /** The text the signature covers: canonical JSON of {@link #policyJson()}. */
  public String signedText() {
    return CanonicalJson.canonicalize(policyJson);
  }
}
