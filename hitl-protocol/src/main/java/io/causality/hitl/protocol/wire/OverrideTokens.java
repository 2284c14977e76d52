package io.causality.hitl.protocol.wire;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.causality.hitl.protocol.crypto.CanonicalJson;
import io.causality.hitl.protocol.crypto.Ps256;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.util.Objects;
import java.util.Optional;

/** Issues and checks {@link OverrideTokenEnvelope}s. */
public final class OverrideTokens {
  /** The wire contract's mapper, private to this class so that nobody reconfigures it. */
  private static final ObjectMapper JSON = ProtocolJson.newMapper();

  private OverrideTokens() {}

  /** Signs a payload with the authority key named in it and wraps it in an envelope. */
  public static OverrideTokenEnvelope sign(OverrideTokenPayload payload, PrivateKey key) {
    String text = payloadText(payload);
    return new OverrideTokenEnvelope(
        payload.tokenId(),
        payload.keyId(),
        OverrideTokenEnvelope.ALG_PS256,
        text,
        Ps256.sign(text, key));
  }

  /** The canonical JSON text of a payload: the exact bytes that get signed. */
  public static String payloadText(OverrideTokenPayload payload) {
    JsonNode tree = JSON.valueToTree(payload);
    return CanonicalJson.canonicalize(tree);
  }

  /**
   * The payload of an envelope whose PS256 signature verifies with {@code key}, whose alg is PS256
   * and whose tokenId and keyId agree with its payload; empty otherwise.
   */
  public static Optional<OverrideTokenPayload> verify(
      OverrideTokenEnvelope envelope, PublicKey key) {
    Objects.requireNonNull(key, "key");
    if (envelope == null
        || !OverrideTokenEnvelope.ALG_PS256.equals(envelope.alg())
        || !Ps256.verify(envelope.payload(), envelope.signature(), key)) {
      return Optional.empty();
    }
    return parsePayload(envelope.payload())
        .filter(p -> p.tokenId().equals(envelope.tokenId()))
        .filter(p -> p.keyId().equals(envelope.keyId()));
  }

  /** Parses payload text without checking any signature. */
  public static Optional<OverrideTokenPayload> parsePayload(String payloadText) {
    try {
      return Optional.of(JSON.readValue(payloadText, OverrideTokenPayload.class));
    } catch (JsonProcessingException | IllegalArgumentException e) {
      // Jackson reports missing required members (record checks) as mapping errors.
      return Optional.empty();
    }
  }
}
