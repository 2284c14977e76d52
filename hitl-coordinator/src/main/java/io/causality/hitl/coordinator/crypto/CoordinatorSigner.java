package io.causality.hitl.coordinator.crypto;

import io.causality.hitl.protocol.crypto.PemKeys;
import io.causality.hitl.protocol.wire.AuditCheckpoint;
import io.causality.hitl.protocol.wire.RedeemRequest;
import io.causality.hitl.protocol.wire.RedeemResponse;
import io.causality.hitl.protocol.wire.RedemptionStatement;
import java.security.interfaces.RSAPrivateCrtKey;
import java.security.interfaces.RSAPublicKey;
import java.time.Instant;
import java.util.Objects;

/**
 * The coordinator's own key (the policy's {@code coordinatorKey}): it signs redemption answers and
 * checkpoints of the audit chain, never an override token. The private key has no accessor and no
 * string form; it is read from a file, never from the database.
 */
public final class CoordinatorSigner {

  private final String keyId;
  private final RSAPrivateCrtKey privateKey;

  public CoordinatorSigner(String keyId, RSAPrivateCrtKey privateKey) {
    this.keyId = Objects.requireNonNull(keyId, "keyId");
    this.privateKey = Objects.requireNonNull(privateKey, "privateKey");
  }

  public String keyId() {
    return keyId;
  }

  /** The public half, to compare with the policy's {@code coordinatorKey}. */
  public RSAPublicKey publicKey() {
    return PemKeys.publicKeyOf(privateKey);
  }

  /** {@code response} signed over its statement with {@code request}'s request hash and nonce. */
  public RedeemResponse sign(RedeemRequest request, RedeemResponse response) {
    return RedemptionStatement.sign(request, response, privateKey, keyId);
  }

  /** A checkpoint of the chain's head. */
  public AuditCheckpoint checkpoint(long sequence, String hash, Instant signedAt) {
    return AuditCheckpoint.sign(sequence, hash, signedAt, keyId, privateKey);
  }

  @Override
  public String toString() {
    return "CoordinatorSigner[keyId=" + keyId + "]";
  }
}
