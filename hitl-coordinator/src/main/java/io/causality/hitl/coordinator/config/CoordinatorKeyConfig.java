package io.causality.hitl.coordinator.config;

import com.fasterxml.jackson.annotation.JsonProperty;
import jakarta.validation.constraints.NotBlank;
import java.nio.file.Path;

/**
 * {@code coordinatorKey}: the coordinator's own RSA private key, which signs its redemption answers
 * and its audit checkpoints. It lives in a file, never in the database; its public half is the
 * policy's {@code coordinatorKey} (checked at start), and instances sharing a database use the same
 * key.
 */
public class CoordinatorKeyConfig {
  /** Where {@code dev-init --dir var} writes the key. */
  public static final String DEFAULT_PATH = "var/keys/coordinator.pem";

  @NotBlank private String privateKeyPemPath = DEFAULT_PATH;

  @JsonProperty
  public String getPrivateKeyPemPath() {
    return privateKeyPemPath;
  }

  @JsonProperty
  public void setPrivateKeyPemPath(String privateKeyPemPath) {
    this.privateKeyPemPath = privateKeyPemPath;
  }

  /** The key file as a path. */
  public Path privateKeyFile() {
    return Path.of(privateKeyPemPath);
  }
}
