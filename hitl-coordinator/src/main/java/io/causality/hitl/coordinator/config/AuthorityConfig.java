package io.causality.hitl.coordinator.config;

import jakarta.validation.constraints.NotBlank;
import java.time.Instant;

/**
 * One signing authority: its key id, the operator it belongs to, its private key file, and
 * optionally when it retires (RFC 3339; from then on it signs no new token, while the tokens it
 * signed stay redeemable until they expire).
 */
public record AuthorityConfig(
    @NotBlank String keyId,
    @NotBlank String operatorId,
    @NotBlank String privateKeyPemPath,
    Instant retiresAt) {

  /** An authority whose key does not retire. */
  public AuthorityConfig(String keyId, String operatorId, String privateKeyPemPath) {
    this(keyId, operatorId, privateKeyPemPath, null);
  }
}
