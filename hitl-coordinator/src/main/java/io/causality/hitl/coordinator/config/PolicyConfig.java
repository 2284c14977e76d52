package io.causality.hitl.coordinator.config;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.causality.hitl.protocol.policy.PolicyTrust;
import jakarta.validation.constraints.NotBlank;
import java.nio.file.Path;

/** Where the signed deployment policy is, and the key that must have signed it, if any. */
public class PolicyConfig {
  @NotBlank private String path = "var/policy/deployment-policy.json";
  private String trustedKeyPemPath;
  private boolean requirePolicySignature;

  @JsonProperty
  public String getPath() {
    return path;
  }

  @JsonProperty
  public void setPath(String path) {
    this.path = path;
  }

  /** Optional: the public key the policy's signature must verify with; the start fails if not. */
  @JsonProperty
  public String getTrustedKeyPemPath() {
    return trustedKeyPemPath;
  }

  @JsonProperty
  public void setTrustedKeyPemPath(String trustedKeyPemPath) {
    this.trustedKeyPemPath = trustedKeyPemPath;
  }

  /** Whether a policy whose signature is not checked (no trusted key) stops the start. */
  @JsonProperty
  public boolean isRequirePolicySignature() {
    return requirePolicySignature;
  }

  @JsonProperty
  public void setRequirePolicySignature(boolean requirePolicySignature) {
    this.requirePolicySignature = requirePolicySignature;
  }

  /**
   * The signature rules of this configuration: the trusted key path as written (a blank one stops
   * the start rather than switching the check off) and whether a signature is required.
   */
  public PolicyTrust buildPolicyTrust() {
    return new PolicyTrust("policy.trustedKeyPemPath", trustedKeyPemPath, requirePolicySignature);
  }

  /** The policy file as a path. */
  public Path policyFile() {
    return Path.of(path);
  }
}
