package io.causality.hitl.protocol.wire;

import static io.causality.hitl.protocol.TestKeys.fixture;
import static org.assertj.core.api.Assertions.assertThat;

import io.causality.hitl.protocol.TestKeys;
import org.junit.jupiter.api.Test;

class OverrideTokensTest {

  @Test
  void payloadTextIsTheCanonicalFixture() {
    assertThat(OverrideTokens.payloadText(TestKeys.PAYLOAD))
        .isEqualTo(fixture("wire/token-payload.json"));
  }

  @Test
  void fixturePayloadParsesBack() {
    assertThat(OverrideTokens.parsePayload(fixture("wire/token-payload.json")))
        .contains(TestKeys.PAYLOAD);
  }

  @Test
  void signedEnvelopeVerifiesAndRepeatsTheIds() {
    OverrideTokenEnvelope envelope =
        OverrideTokens.sign(TestKeys.PAYLOAD, TestKeys.ALICE.getPrivate());

    assertThat(envelope.alg()).isEqualTo("PS256");
    assertThat(envelope.tokenId()).isEqualTo(TestKeys.PAYLOAD.tokenId());
    assertThat(envelope.keyId()).isEqualTo("ops-key-1");
    assertThat(OverrideTokens.verify(envelope, TestKeys.ALICE.getPublic()))
        .contains(TestKeys.PAYLOAD);
    assertThat(envelope.toString()).doesNotContain(envelope.signature());
  }

  @Test
  void verificationFailsForAnotherKeyAlgOrTamperedPayload() {
    OverrideTokenEnvelope envelope =
        OverrideTokens.sign(TestKeys.PAYLOAD, TestKeys.ALICE.getPrivate());
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
    OverrideTokenEnvelope envelope =
        OverrideTokens.sign(TestKeys.PAYLOAD, TestKeys.ALICE.getPrivate());
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
    assertThat(TestKeys.PAYLOAD.bindsTo(TestKeys.PAYLOAD.requestHash(), 3, "lic-acme", "actor-7"))
        .isTrue();
    assertThat(TestKeys.PAYLOAD.bindsTo("other", 3, "lic-acme", "actor-7")).isFalse();
    assertThat(TestKeys.PAYLOAD.bindsTo(TestKeys.PAYLOAD.requestHash(), 4, "lic-acme", "actor-7"))
        .isFalse();
    assertThat(TestKeys.PAYLOAD.bindsTo(TestKeys.PAYLOAD.requestHash(), 3, "lic-other", "actor-7"))
        .isFalse();
    assertThat(TestKeys.PAYLOAD.bindsTo(TestKeys.PAYLOAD.requestHash(), 3, "lic-acme", null))
        .isFalse();
    assertThat(TestKeys.PAYLOAD.isExpiredAt(TestKeys.PAYLOAD.expiresAt().minusMillis(1))).isFalse();
    assertThat(TestKeys.PAYLOAD.isExpiredAt(TestKeys.PAYLOAD.expiresAt())).isTrue();
  }
}
