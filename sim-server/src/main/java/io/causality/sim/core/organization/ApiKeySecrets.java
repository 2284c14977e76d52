package io.causality.sim.core.organization;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.HexFormat;

/**
 * API keys: {@code sk_live_} and 32 random base62 characters (about 190 bits). Only the SHA-256 of
 * a key is stored; a fast hash is enough because the key itself is random.
 */
public final class ApiKeySecrets {
  public static final String PREFIX = "sk_live_";
  public static final int RANDOM_LENGTH = 32;

  /** How much of a key is kept in clear to let operators tell keys apart. */
  public static final int DISPLAY_PREFIX_LENGTH = PREFIX.length() + 4;

  private static final String BASE62 =
      "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

  private ApiKeySecrets() {}

  public static String generate(SecureRandom random) {
    StringBuilder key = new StringBuilder(PREFIX);
    for (int i = 0; i < RANDOM_LENGTH; i++) {
      key.append(BASE62.charAt(random.nextInt(BASE62.length())));
    }
    return key.toString();
  }

  public static String hash(String key) {
    try {
      MessageDigest sha256 = MessageDigest.getInstance("SHA-256");
      return HexFormat.of().formatHex(sha256.digest(key.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is part of every JDK", e);
    }
  }

  /** Whether a string has the shape of a key; checked before any lookup. */
  public static boolean looksLikeKey(String candidate) {
    return candidate != null
        && candidate.length() == PREFIX.length() + RANDOM_LENGTH
        && candidate.startsWith(PREFIX)
        && candidate.substring(PREFIX.length()).chars().allMatch(c -> BASE62.indexOf(c) >= 0);
  }
}
