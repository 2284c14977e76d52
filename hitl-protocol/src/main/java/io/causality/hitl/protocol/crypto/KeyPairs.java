package io.causality.hitl.protocol.crypto;

import java.math.BigInteger;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.SecureRandom;
import java.security.spec.RSAKeyGenParameterSpec;
import java.util.Objects;

/** RSA key generation for authority and policy-signing keys. */
public final class KeyPairs {

  /** Below this, RSA keys are no longer considered safe. */
  public static final int MIN_BITS = 2048;

  /** The size the tools generate unless told otherwise. */
  public static final int DEFAULT_BITS = 3072;

  private KeyPairs() {}

  /**
   * A new RSA key pair with public exponent 65537.
   *
   * @param bits modulus size, at least {@link #MIN_BITS}
   * @param random the randomness source; tests pass their own
   */
  public static KeyPair generate(int bits, SecureRandom random) {
    Objects.requireNonNull(random, "random");
    if (bits < MIN_BITS) {
      throw new IllegalArgumentException("RSA keys need at least " + MIN_BITS + " bits");
    }
    try {
      KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
      generator.initialize(new RSAKeyGenParameterSpec(bits, BigInteger.valueOf(65537)), random);
      return generator.generateKeyPair();
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("RSA key generation failed: " + e.getMessage(), e);
    }
  }
}
