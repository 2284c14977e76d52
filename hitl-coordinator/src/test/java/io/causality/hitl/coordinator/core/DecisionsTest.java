package io.causality.hitl.coordinator.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.causality.hitl.coordinator.crypto.AuthoritySigners;
import io.causality.hitl.coordinator.crypto.TestKeyPairs;
import io.causality.hitl.protocol.policy.AdaptiveEscalationPolicy;
import io.causality.hitl.protocol.policy.HitlPolicy;
import io.causality.hitl.protocol.wire.ApproveOverrideRequest;
import io.causality.hitl.protocol.wire.DenyOverrideRequest;
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
    return Decisions.approval(
        new ApproveOverrideRequest(keyId, null, null), SIGNERS, SETTINGS, HITL, decider);
  }
}
