package io.causality.hitl.coordinator.crypto;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.causality.hitl.protocol.wire.OverrideTokenEnvelope;
import io.causality.hitl.protocol.wire.OverrideTokenPayload;
import io.causality.hitl.protocol.wire.OverrideTokens;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class AuthoritySignerTest {

  private final AuthoritySigner alice = TestKeyPairs.signer("k-alice", "alice", TestKeyPairs.ALICE);

  @Test
  void issuesTokensThatVerifyWithItsPublicKeyOnly() {
    OverrideTokenEnvelope token = alice.issue(payload("k-alice", "alice"));

    assertThat(alice.publicKey().getEncoded())
        .isEqualTo(TestKeyPairs.ALICE.getPublic().getEncoded());
    assertThat(OverrideTokens.verify(token, TestKeyPairs.ALICE.getPublic())).isPresent();
    assertThat(OverrideTokens.verify(token, TestKeyPairs.BOB.getPublic())).isEmpty();
  }

  @Test
  void refusesPayloadsNamingAnotherKeyOrOperator() {
    assertThatThrownBy(() -> alice.issue(payload("k-bob", "alice")))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> alice.issue(payload("k-alice", "bob")))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void neverPrintsKeyMaterial() {
    assertThat(alice.toString()).isEqualTo("AuthoritySigner[keyId=k-alice, operatorId=alice]");
  }

  @Test
  void signersAreUniqueByKeyId() {
    AuthoritySigners signers =
        new AuthoritySigners(List.of(alice, TestKeyPairs.signer("k-bob", "bob", TestKeyPairs.BOB)));

    assertThat(signers.find("k-bob"))
        .get()
        .extracting(AuthoritySigner::operatorId)
        .isEqualTo("bob");
    assertThat(signers.find("k-carol")).isEmpty();
    assertThat(signers.find(null)).isEmpty();
    assertThat(signers.keyIds()).containsExactly("k-alice", "k-bob");
    assertThatThrownBy(() -> new AuthoritySigners(List.of(alice, alice)))
        .hasMessage("duplicate authority keyId k-alice");
  }

  private static OverrideTokenPayload payload(String keyId, String operatorId) {
    Instant now = Instant.parse("2026-01-31T12:00:00Z");
    return new OverrideTokenPayload(
        "0b6e8a4e-3f0c-4d7e-9a51-2f4f6c1d9e21",
        "r-1",
        "a".repeat(64),
        null,
        1,
        "lic",
        "actor",
        operatorId,
        keyId,
        now,
        now.plusSeconds(60));
  }
}
