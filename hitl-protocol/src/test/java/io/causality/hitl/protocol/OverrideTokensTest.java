package io.causality.hitl.protocol;

import static io.causality.hitl.protocol.TestKeys.fixture;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import org.junit.jupiter.api.Test;

class OverrideTokensTest {

  static final OverrideTokenPayload PAYLOAD =
      new OverrideTokenPayload(
          "0b6e8a4e-3f0c-4d7e-9a51-2f4f6c1d9e21",
          "5d0c2f7e-8a8b-4f4e-b1a6-0d6f0e3c9a11",
          "e40a81f09523908e8b95995ca64e9dc5ccc85284eb47acb0397d136e24a1d3f1",
          "cda6ccd4c56d09e9fe80304c0dfadc846adf6ed17b7ee48ce4ff3304c6062dd2",
          3,
          "lic-acme",
          "actor-7",
          "alice",
          "ops-key-1",
          Instant.parse("2026-01-31T12:05:00.250Z"),
          Instant.parse("2026-01-31T12:15:00Z"));

  @Test
  void payloadTextIsTheCanonicalFixture() {
    assertThat(OverrideTokens.payloadText(PAYLOAD)).isEqualTo(fixture("wire/token-payload.json"));
  }

  @Test
  void fixturePayloadParsesBack() {
    assertThat(OverrideTokens.parsePayload(fixture("wire/token-payload.json"))).contains(PAYLOAD);
  }

  @Test
  void signedEnvelopeVerifiesAndRepeatsTheIds() {
    OverrideTokenEnvelope envelope = OverrideTokens.sign(PAYLOAD, TestKeys.ALICE.getPrivate());

    assertThat(envelope.alg()).isEqualTo("PS256");
    assertThat(envelope.tokenId()).isEqualTo(PAYLOAD.tokenId());
    assertThat(envelope.keyId()).isEqualTo("ops-key-1");
    assertThat(OverrideTokens.verify(envelope, TestKeys.ALICE.getPublic())).contains(PAYLOAD);
    assertThat(envelope.toString()).doesNotContain(envelope.signature());
  }

  @Test
  void verificationFailsForAnotherKeyAlgOrTamperedPayload() {
    OverrideTokenEnvelope envelope = OverrideTokens.sign(PAYLOAD, TestKeys.ALICE.getPrivate());
    OverrideTokenEnvelope otherAlg =
        new OverrideTokenEnvelope(
            envelope.tokenId(),
            envelope.keyId(),
            "RS256",
            envelope.payload(),
            envelope.signature());
    OverrideTokenEnvelope tampered =
        new OverrideTokenEnvelope(
            envelope.tokenId(),
            envelope.keyId(),
            "PS256",
            envelope.payload().replace("actor-7", "actor-8"),
            envelope.signature());

    assertThat(OverrideTokens.verify(envelope, TestKeys.BOB.getPublic())).isEmpty();
    assertThat(OverrideTokens.verify(otherAlg, TestKeys.ALICE.getPublic())).isEmpty();
    assertThat(OverrideTokens.verify(tampered, TestKeys.ALICE.getPublic())).isEmpty();
  }

  @Test
  void envelopeIdsMustAgreeWithTheSignedPayload() {
    OverrideTokenEnvelope envelope = OverrideTokens.sign(PAYLOAD, TestKeys.ALICE.getPrivate());
    OverrideTokenEnvelope otherId =
        new OverrideTokenEnvelope(
            "another-id", envelope.keyId(), "PS256", envelope.payload(), envelope.signature());

    assertThat(OverrideTokens.verify(otherId, TestKeys.ALICE.getPublic())).isEmpty();
  }

  @Test
  void payloadWithoutRequiredMembersDoesNotParse() {
    assertThat(OverrideTokens.parsePayload("{\"tokenId\":\"x\"}")).isEmpty();
    assertThat(OverrideTokens.parsePayload("not json")).isEmpty();
  }

  @Test
  void bindingAndExpiry() {
    assertThat(PAYLOAD.bindsTo(PAYLOAD.requestHash(), 3, "lic-acme", "actor-7")).isTrue();
    assertThat(PAYLOAD.bindsTo("other", 3, "lic-acme", "actor-7")).isFalse();
    assertThat(PAYLOAD.bindsTo(PAYLOAD.requestHash(), 4, "lic-acme", "actor-7")).isFalse();
    assertThat(PAYLOAD.bindsTo(PAYLOAD.requestHash(), 3, "lic-other", "actor-7")).isFalse();
    assertThat(PAYLOAD.bindsTo(PAYLOAD.requestHash(), 3, "lic-acme", null)).isFalse();
    assertThat(PAYLOAD.isExpiredAt(PAYLOAD.expiresAt().minusMillis(1))).isFalse();
    assertThat(PAYLOAD.isExpiredAt(PAYLOAD.expiresAt())).isTrue();
  }
}
