package io.causality.hitl.protocol.wire;

import java.util.Optional;

/**
 * The signed override token that approval returns and an evaluation request carries as its {@code
 * overrideToken}.
 *
 * <p>{@code payload} is the JSON text of an {@link OverrideTokenPayload} (RFC 8785 canonical form
 * as issued); {@code signature} is PS256 (RSASSA-PSS, SHA-256, MGF1-SHA-256, 32-byte salt) over the
 * payload's UTF-8 bytes, base64url without padding. Verify the text as it is: re-serializing the
 * payload would change the bytes. {@code tokenId} and {@code keyId} repeat the payload's so that a
 * reader can pick the key before parsing.
 *
 * @param tokenId UUID v4 of the token
 * @param keyId the policy authority whose key signed it
 * @param alg always {@link #ALG_PS256}
 * @param payload the signed JSON text
 * @param signature base64url signature without padding
 */
public record OverrideTokenEnvelope(
    String tokenId, String keyId, String alg, String payload, String signature) {

  /** The only signature algorithm of the contract. */
  public static final String ALG_PS256 = "PS256";

  /**
   * The payload as the typed record, parsed from its text, for a client that reads what it was
   * given; empty when the text is not a payload. Not verified: to trust it, verify the signature
   * ({@link OverrideTokens#verify}, or {@code OverrideTokenVerifier} against the policy's
   * authorities), which works on the text as it is.
   */
  public Optional<OverrideTokenPayload> unverifiedPayload() {
    return payload == null ? Optional.empty() : OverrideTokens.parsePayload(payload);
  }

  /** Keeps the signature out of logs. */
  @Override
  public String toString() {
    return "OverrideTokenEnvelope[tokenId=" + tokenId + ", keyId=" + keyId + ", alg=" + alg + "]";
  }
}
