package io.causality.sim.core.organization;

import static org.assertj.core.api.Assertions.assertThat;

import java.security.SecureRandom;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ApiKeySecretsTest {
  @Test
  void keysHaveThePrefixAnd32Base62Characters() {
    SecureRandom random = new SecureRandom();
    Set<String> seen = new HashSet<>();
    for (int i = 0; i < 1_000; i++) {
      String key = ApiKeySecrets.generate(random);
      assertThat(key).matches("sk_live_[0-9A-Za-z]{32}");
      assertThat(ApiKeySecrets.looksLikeKey(key)).isTrue();
      seen.add(key);
    }
    assertThat(seen).hasSize(1_000);
  }

  @Test
  void hashIsLowerCaseSha256Hex() {
    assertThat(ApiKeySecrets.hash("abc"))
        .isEqualTo("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  }

  @Test
  void malformedKeysAreRecognised() {
    assertThat(ApiKeySecrets.looksLikeKey(null)).isFalse();
    assertThat(ApiKeySecrets.looksLikeKey("sk_live_short")).isFalse();
    assertThat(ApiKeySecrets.looksLikeKey("sk_test_" + "a".repeat(32))).isFalse();
    assertThat(ApiKeySecrets.looksLikeKey("sk_live_" + "!".repeat(32))).isFalse();
  }
}
