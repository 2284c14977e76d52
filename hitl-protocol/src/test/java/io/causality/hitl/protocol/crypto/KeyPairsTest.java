package io.causality.hitl.protocol.crypto;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigInteger;
import java.security.KeyPair;
import java.security.SecureRandom;
import java.security.interfaces.RSAPublicKey;
import org.junit.jupiter.api.Test;

class KeyPairsTest {

  @Test
  void generatesRsaKeysOfTheRequestedSize() {
    KeyPair pair = KeyPairs.generate(2048, new SecureRandom());
    RSAPublicKey key = (RSAPublicKey) pair.getPublic();

    assertThat(key.getModulus().bitLength()).isEqualTo(2048);
    assertThat(key.getPublicExponent()).isEqualTo(BigInteger.valueOf(65537));
    assertThat(Ps256.verify("x", Ps256.sign("x", pair.getPrivate()), key)).isTrue();
  }

  @Test
  void refusesWeakSizes() {
    assertThatThrownBy(() -> KeyPairs.generate(1024, new SecureRandom()))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
