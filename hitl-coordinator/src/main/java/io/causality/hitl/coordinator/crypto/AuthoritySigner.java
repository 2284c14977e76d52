package io.causality.hitl.coordinator.crypto;

import io.causality.hitl.protocol.crypto.PemKeys;
import io.causality.hitl.protocol.wire.ApprovalStatement;
import io.causality.hitl.protocol.wire.OverrideTokenEnvelope;
import io.causality.hitl.protocol.wire.OverrideTokenPayload;
import io.causality.hitl.protocol.wire.OverrideTokens;
import io.causality.hitl.protocol.wire.TokenApproval;
import java.security.interfaces.RSAPrivateCrtKey;
import java.security.interfaces.RSAPublicKey;
import java.util.Objects;

/**
 * One authority: a key id, the operator it belongs to, and the private key that signs that
 * operator's override tokens. The private key has no accessor and no string form.
 */
public final class AuthoritySigner {

  private final String keyId;
  private final String operatorId;
  private final RSAPrivateCrtKey privateKey;

  public AuthoritySigner(String keyId, String operatorId, RSAPrivateCrtKey privateKey) {
    this.keyId = Objects.requireNonNull(keyId, "keyId");
    this.operatorId = Objects.requireNonNull(operatorId, "operatorId");
    this.privateKey = Objects.requireNonNull(privateKey, "privateKey");
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
    return "AuthoritySigner[keyId=" + keyId + ", operatorId=" + operatorId + "]";
  }
}
