package io.causality.hitl.coordinator.config;

import com.fasterxml.jackson.annotation.JsonProperty;
import jakarta.validation.constraints.NotBlank;
import java.nio.file.Path;
import java.util.Optional;

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

  /** The policy file as a path. */
  public Path policyFile() {
    return Path.of(path);
  }

  /** The trusted policy-signing key as a path, when one is configured. */
  public Optional<Path> trustedKey() {
    return Optional.ofNullable(trustedKeyPemPath).filter(p -> !p.isBlank()).map(Path::of);
  }
}
