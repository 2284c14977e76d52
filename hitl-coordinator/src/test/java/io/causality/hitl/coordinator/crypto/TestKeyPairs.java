package io.causality.hitl.coordinator.crypto;

import io.causality.hitl.protocol.crypto.KeyPairs;
import java.security.KeyPair;
import java.security.SecureRandom;
import java.security.interfaces.RSAPrivateCrtKey;

/** RSA keys shared by the coordinator tests; generation is slow, so each is made once. */
public final class TestKeyPairs {

  public static final KeyPair ALICE = KeyPairs.generate(2048, new SecureRandom());
  public static final KeyPair BOB = KeyPairs.generate(2048, new SecureRandom());
  public static final KeyPair POLICY_SIGNING = KeyPairs.generate(2048, new SecureRandom());

  /** operator-1's second key, for rotations. */
  public static final KeyPair ALICE_NEXT = KeyPairs.generate(2048, new SecureRandom());

  private TestKeyPairs() {}

  /** A signer for key {@code keyId} of {@code operatorId} with the given pair. */
  public static AuthoritySigner signer(String keyId, String operatorId, KeyPair pair) {
    return new AuthoritySigner(keyId, operatorId, (RSAPrivateCrtKey) pair.getPrivate());
  }
}
