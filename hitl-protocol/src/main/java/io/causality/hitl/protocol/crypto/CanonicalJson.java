package io.causality.hitl.protocol.crypto;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import org.erdtman.jcs.JsonCanonicalizer;

/**
 * RFC 8785 (JSON Canonicalization Scheme) through the erdtman reference library, and the SHA-256
 * digests taken over it.
 *
 * <p>JCS reads numbers as IEEE 754 doubles (I-JSON), so {@code 1}, {@code 1.0} and {@code 1e0}
 * canonicalize alike, and integers beyond 2^53 lose precision.
 */
public final class CanonicalJson {
  /** A plain mapper: it only writes JSON trees, which hold no java.time values. */
  private static final ObjectMapper JSON = new ObjectMapper();

  private CanonicalJson() {}

  /** The canonical JSON text of a Jackson tree. */
  public static String canonicalize(JsonNode node) {
    try {
      String text = JSON.writeValueAsString(node);
      return new JsonCanonicalizer(text).getEncodedString();
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException("cannot serialize JSON: " + e.getOriginalMessage(), e);
    } catch (IOException e) {
      throw new IllegalArgumentException("cannot canonicalize JSON: " + e.getMessage(), e);
    }
  }

  /** The UTF-8 bytes of {@link #canonicalize(JsonNode)}. */
  public static byte[] canonicalBytes(JsonNode node) {
    return canonicalize(node).getBytes(StandardCharsets.UTF_8);
  }

  /** Lower-case hex SHA-256 of the canonical form. */
  public static String sha256Hex(JsonNode node) {
    return sha256Hex(canonicalBytes(node));
  }

  /** Lower-case hex SHA-256 of some bytes. */
  public static String sha256Hex(byte[] bytes) {
    try {
      MessageDigest digest = MessageDigest.getInstance("SHA-256");
      return HexFormat.of().formatHex(digest.digest(bytes));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("the JDK lacks SHA-256", e);
    }
  }
}
