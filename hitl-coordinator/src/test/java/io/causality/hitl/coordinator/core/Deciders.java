package io.causality.hitl.coordinator.core;

import io.causality.hitl.protocol.wire.ApproveOverrideRequest;
import io.causality.hitl.protocol.wire.DenyOverrideRequest;
import io.causality.hitl.protocol.wire.OverrideRequestRecord;
import io.causality.hitl.protocol.wire.OverrideTokenEnvelope;

/**
 * The operators of {@link ServiceFixture}'s policy as authenticated deciders (alice of k-alice, bob
 * of k-bob), and approve and deny as the operator of the key named (alice when none is).
 */
final class Deciders {
  static final Decider ALICE = Decider.operator("alice-laptop", "alice");
  static final Decider BOB = Decider.operator("bob-laptop", "bob");

  private Deciders() {}

  static Decider byKey(String keyId) {
    return "k-bob".equals(keyId) ? BOB : ALICE;
  }

  /** Approves as the key's operator, under a quorum of one: the token. */
  static OverrideTokenEnvelope approve(
      OverrideService service, String id, ApproveOverrideRequest body) {
    return service
        .approve(id, body, byKey(body == null ? null : body.keyId()))
        .issued()
        .orElseThrow(() -> new AssertionError("the approval did not complete the quorum"));
  }

  static OverrideRequestRecord deny(OverrideService service, String id, DenyOverrideRequest body) {
    return service.deny(id, body, byKey(body == null ? null : body.keyId()));
  }
}
