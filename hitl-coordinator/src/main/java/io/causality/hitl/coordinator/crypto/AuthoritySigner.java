package io.causality.hitl.coordinator.crypto;

import io.causality.hitl.protocol.crypto.PemKeys;
import io.causality.hitl.protocol.wire.ApprovalStatement;
import io.causality.hitl.protocol.wire.OverrideTokenEnvelope;
import io.causality.hitl.protocol.wire.OverrideTokenPayload;
import io.causality.hitl.protocol.wire.OverrideTokens;
import io.causality.hitl.protocol.wire.TokenApproval;
import java.security.interfaces.RSAPrivateCrtKey;
import java.security.interfaces.RSAPublicKey;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * One authority: a key id, the operator it belongs to, and the private key that signs that
 * operator's override tokens. The private key has no accessor and no string form.
 *
 * <p>A retiring key ({@code authorities[].retiresAt}) signs no token from that instant on; the
 * tokens it signed before stay valid until they expire (docs/operations.md, "Rotating an authority
 * key").
 */
public final class AuthoritySigner {

  private final String keyId;
  private final String operatorId;
  private final RSAPrivateCrtKey privateKey;
  private final Instant retiresAt;

  /** A key that does not retire. */
  public AuthoritySigner(String keyId, String operatorId, RSAPrivateCrtKey privateKey) {
    this(keyId, operatorId, privateKey, null);
  }

  /**
   * @param retiresAt from when the key signs nothing; null when it does not retire
   */
  public AuthoritySigner(
      String keyId, String operatorId, RSAPrivateCrtKey privateKey, Instant retiresAt) {
    this.keyId = Objects.requireNonNull(keyId, "keyId");
    this.operatorId = Objects.requireNonNull(operatorId, "operatorId");
    this.privateKey = Objects.requireNonNull(privateKey, "privateKey");
    this.retiresAt = retiresAt;
  }

  /** When the key stops signing, if it retires. */
  public Optional<Instant> retiresAt() {
    return Optional.ofNullable(retiresAt);
  }

  /** Whether the key may sign a token at {@code now}. */
  public boolean signsAt(Instant now) {
    return retiresAt == null || now.isBefore(retiresAt);
  }

  public String keyId() {
    return keyId;
  }

  public String operatorId() {
    return operatorId;
  }

  /** The public half, to compare with the policy's entry for this key. */
  public RSAPublicKey publicKey() {
    return PemKeys.publicKeyOf(privateKey);
  }

  /** Signs a token payload, which must name this signer's key. */
  public OverrideTokenEnvelope issue(OverrideTokenPayload payload) {
    if (!keyId.equals(payload.keyId()) || !operatorId.equals(payload.operatorId())) {
      throw new IllegalArgumentException("payload names another key or operator");
    }
    return OverrideTokens.sign(payload, privateKey);
  }

  /**
   * This operator's signed approval of a request: the statement, which must name this signer's key
   * and operator, signed with its key.
   */
  public TokenApproval approve(ApprovalStatement statement) {
    if (!keyId.equals(statement.keyId()) || !operatorId.equals(statement.operatorId())) {
      throw new IllegalArgumentException("statement names another key or operator");
    }
    return statement.sign(privateKey);
  }

  @Override
  public String toString() {
    return "AuthoritySigner[keyId="
        + keyId
        + ", operatorId="
        + operatorId
        + (retiresAt == null ? "" : ", retiresAt=" + retiresAt)
        + "]";
  }
}
