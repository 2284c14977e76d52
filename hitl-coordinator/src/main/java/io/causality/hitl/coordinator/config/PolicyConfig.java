package io.causality.hitl.coordinator.config;

import com.fasterxml.jackson.annotation.JsonProperty;
import jakarta.validation.constraints.NotBlank;

/** Where the signed deployment policy is, and the key that must have signed it, if any. */
public class PolicyConfig {
  @NotBlank private String path = "var/policy/deployment-policy.json";
  private String trustedKeyPemPath;

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
}
