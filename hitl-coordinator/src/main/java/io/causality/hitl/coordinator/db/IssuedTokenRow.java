package io.causality.hitl.coordinator.db;

import java.time.Instant;

/**
 * A row of {@code issued_tokens}: the signed token as issued.
 *
 * @param payload the signed payload JSON text
 * @param signature base64url PS256 signature
 * @param redeemedAt null until the single redemption
 */
public record IssuedTokenRow(
    String tokenId,
    String coordinatorRequestId,
    String keyId,
    String payload,
    String signature,
    Instant issuedAt,
    Instant expiresAt,
    Instant redeemedAt) {

  /** Keeps the signature out of logs. */
  @Override
  public String toString() {
    return "IssuedTokenRow[tokenId=" + tokenId + ", request=" + coordinatorRequestId + "]";
  }
}
