package io.causality.hitl.coordinator.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.causality.hitl.coordinator.crypto.AuthoritySigner;
import io.causality.hitl.coordinator.crypto.AuthoritySigners;
import io.causality.hitl.coordinator.crypto.TestKeyPairs;
import io.causality.hitl.protocol.policy.AdaptiveEscalationPolicy;
import io.causality.hitl.protocol.policy.HitlPolicy;
import io.causality.hitl.protocol.wire.ApproveOverrideRequest;
import io.causality.hitl.protocol.wire.DenyOverrideRequest;
import java.security.interfaces.RSAPrivateCrtKey;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Which key decides: the one named, the operator's only one, or a 400 naming keyId. */
class DecisionsTest {
  private static final AuthoritySigners SIGNERS =
      new AuthoritySigners(
          List.of(
              TestKeyPairs.signer("k-alice", "alice", TestKeyPairs.ALICE),
              TestKeyPairs.signer("k-alice-2", "alice", TestKeyPairs.BOB),
              TestKeyPairs.signer("k-bob", "bob", TestKeyPairs.BOB)));
  private static final OverrideSettings SETTINGS = new OverrideSettings(60_000, 60_000);
  private static final HitlPolicy HITL = new HitlPolicy(120_000, AdaptiveEscalationPolicy.DISABLED);
  private static final Instant NOW = Instant.parse("2026-11-27T12:00:00Z");
  private static final Instant LATER = NOW.plusSeconds(3_600);

  /** carol's k-old retires at LATER; k-new is its successor. */
  private static final AuthoritySigners ROTATING =
      new AuthoritySigners(
          List.of(
              new AuthoritySigner(
                  "k-old", "carol", (RSAPrivateCrtKey) TestKeyPairs.ALICE.getPrivate(), LATER),
              TestKeyPairs.signer("k-new", "carol", TestKeyPairs.ALICE_NEXT)));

  @Test
  void theSuccessorOfARetiringKeySignsWhenNoKeyIsNamed() {
    Decider carol = Decider.operator("carol-laptop", "carol");

    assertThat(approval(ROTATING, null, carol, NOW).signer().keyId()).isEqualTo("k-new");
    assertThat(approval(ROTATING, "k-old", carol, NOW).signer().keyId()).isEqualTo("k-old");
  }

  @Test
  void aRetiredKeySignsNothingFromItsRetirementOn() {
    Decider carol = Decider.operator("carol-laptop", "carol");

    assertThatThrownBy(() -> approval(ROTATING, "k-old", carol, LATER))
        .isInstanceOfSatisfying(
            OverrideValidationException.class,
            e -> {
              assertThat(e.issues()).extracting(Issue::path).containsExactly("keyId");
              assertThat(e.issues().get(0).message()).contains("retired at " + LATER);
            });
    assertThat(approval(ROTATING, "k-old", carol, LATER.minusMillis(1)).signer().keyId())
        .isEqualTo("k-old");
    // a denial signs nothing: a retired key still names its operator
    assertThat(
            Decisions.denial(new DenyOverrideRequest("k-old", null), ROTATING, carol)
                .signer()
                .operatorId())
        .isEqualTo("carol");
  }

  @Test
  void anOperatorWhoseOnlyKeyRetiredHasNoKeyLeftToSignWith() {
    AuthoritySigners retired =
        new AuthoritySigners(
            List.of(
                new AuthoritySigner(
                    "k-old", "carol", (RSAPrivateCrtKey) TestKeyPairs.ALICE.getPrivate(), NOW)));
    assertThatThrownBy(
            () -> approval(retired, null, Decider.operator("carol-laptop", "carol"), NOW))
        .isInstanceOf(OverrideValidationException.class)
        .hasMessageContaining("no configured key");
  }

  @Test
  void anOperatorWithOneKeyMayLeaveItOut() {
    Decider bob = Decider.operator("bob-laptop", "bob");

    assertThat(approval(null, bob).signer().keyId()).isEqualTo("k-bob");
    assertThat(Decisions.denial(new DenyOverrideRequest(null, null), SIGNERS, bob).signer().keyId())
        .isEqualTo("k-bob");
  }

  @Test
  void anOperatorWithSeveralKeysMustNameOne() {
    Decider alice = Decider.operator("alice-laptop", "alice");

    assertThatThrownBy(() -> approval(null, alice))
        .isInstanceOfSatisfying(
            OverrideValidationException.class,
            e -> {
              assertThat(e.issues()).extracting(Issue::path).containsExactly("keyId");
              assertThat(e.issues().get(0).message()).contains("k-alice, k-alice-2");
            });
    assertThat(approval("k-alice-2", alice).signer().keyId()).isEqualTo("k-alice-2");
  }

  @Test
  void anotherOperatorsKeyIsForbidden() {
    assertThatThrownBy(() -> approval("k-bob", Decider.operator("alice-laptop", "alice")))
        .isInstanceOf(ForbiddenKeyException.class)
        .hasMessageContaining("k-bob");
  }

  @Test
  void anOperatorWithoutAKeyMustNameOneItCannotHave() {
    assertThatThrownBy(() -> approval(null, Decider.operator("carol-laptop", "carol")))
        .isInstanceOf(OverrideValidationException.class)
        .hasMessageContaining("keyId");
  }

  private static Decisions.Approval approval(String keyId, Decider decider) {
    return approval(SIGNERS, keyId, decider, NOW);
  }

  private static Decisions.Approval approval(
      AuthoritySigners signers, String keyId, Decider decider, Instant now) {
    return Decisions.approval(
        new ApproveOverrideRequest(keyId, null, null), signers, SETTINGS, HITL, decider, now);
  }
}
