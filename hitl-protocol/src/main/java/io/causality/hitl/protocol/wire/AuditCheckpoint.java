package io.causality.hitl.protocol.wire;

import com.fasterxml.jackson.annotation.JsonFormat;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.causality.hitl.protocol.crypto.CanonicalJson;
import io.causality.hitl.protocol.crypto.Ps256;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.time.Instant;

/**
 * A signed checkpoint of the coordinator's audit chain: the head's sequence and hash at a moment,
 * signed with the coordinator's own key, which is not in the database (the policy's {@code
 * coordinatorKey} holds its public half). Someone with write access to the database can rewrite
 * events and their hashes, but not a checkpoint: an event changed, removed or inserted at or before
 * a checkpoint's sequence no longer hashes to it (docs/coordinator-protocol.md, "Checkpoints").
 *
 * <p>The signature is PS256 over the RFC 8785 canonical JSON of {@code {"statement":
 * "hitl.audit-checkpoint.v1", sequence, hash, signedAt, keyId}}.
 *
 * @param sequence the chain's head at the checkpoint: the last event covered
 * @param hash that event's hash
 * @param signedAt when the checkpoint was signed, millisecond precision
 * @param keyId the coordinator key that signed
 * @param signature base64url without padding
 */
public record AuditCheckpoint(
    long sequence,
    String hash,
    @JsonFormat(shape = JsonFormat.Shape.STRING) Instant signedAt,
    String keyId,
    String signature) {

  /** The {@code statement} member of every checkpoint. */
  public static final String TYPE = "hitl.audit-checkpoint.v1";

  /** A checkpoint of the head at {@code sequence} with {@code hash}, signed with {@code key}. */
  public static AuditCheckpoint sign(
      long sequence, String hash, Instant signedAt, String keyId, PrivateKey key) {
    return new AuditCheckpoint(
        sequence, hash, signedAt, keyId, Ps256.sign(text(sequence, hash, signedAt, keyId), key));
  }

  /** Whether the signature verifies with {@code key}. */
  public boolean verify(PublicKey key) {
    return Ps256.verify(text(sequence, hash, signedAt, keyId), signature, key);
  }

  private static String text(long sequence, String hash, Instant signedAt, String keyId) {
    ObjectNode node = JsonNodeFactory.instance.objectNode();
    node.put("statement", TYPE);
    node.put("sequence", sequence);
    node.put("hash", hash);
    node.put("signedAt", signedAt == null ? null : signedAt.toString());
    node.put("keyId", keyId);
    return CanonicalJson.canonicalize(node);
  }

  /** Keeps the signature out of logs. */
  @Override
  public String toString() {
    return "AuditCheckpoint[sequence=" + sequence + ", hash=" + hash + "]";
  }
}
