package io.causality.hitl.coordinator.crypto;

import io.causality.hitl.protocol.crypto.KeyPairs;
import io.causality.hitl.protocol.crypto.PemKeys;
import io.causality.hitl.protocol.policy.CoordinatorKey;
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

  /** The coordinator's own key: redemption answers and audit checkpoints. */
  public static final KeyPair COORDINATOR = KeyPairs.generate(2048, new SecureRandom());

  /** The policies' {@code coordinatorKey} id of {@link #COORDINATOR}. */
  public static final String COORDINATOR_KEY_ID = "coordinator";

  private TestKeyPairs() {}

  /** A signer for key {@code keyId} of {@code operatorId} with the given pair. */
  public static AuthoritySigner signer(String keyId, String operatorId, KeyPair pair) {
    return new AuthoritySigner(keyId, operatorId, (RSAPrivateCrtKey) pair.getPrivate());
  }

  /** The coordinator's signer of {@link #COORDINATOR}. */
  public static CoordinatorSigner coordinator() {
    return new CoordinatorSigner(COORDINATOR_KEY_ID, (RSAPrivateCrtKey) COORDINATOR.getPrivate());
  }

  /** The policy entry of {@link #COORDINATOR}. */
  public static CoordinatorKey coordinatorKey() {
    return new CoordinatorKey(COORDINATOR_KEY_ID, PemKeys.toPem(COORDINATOR.getPublic()));
  }
}
