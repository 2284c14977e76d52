package io.causality.hitl.coordinator.resources;

import io.causality.hitl.coordinator.auth.Caller;
import io.causality.hitl.coordinator.core.Decider;
import io.causality.hitl.coordinator.core.OrganizationScope;

/** What the core needs to know of an authenticated caller. */
final class Callers {
  private Callers() {}

  /** The organizations whose requests the caller sees and decides. */
  static OrganizationScope scopeOf(Caller caller) {
    return new OrganizationScope(caller.organizations());
  }

  /**
   * The deciding operator. Only configured operator callers reach approve and deny ({@code
   * RoleFeature}), and each names its operator (checked at start).
   */
  static Decider deciderOf(Caller caller) {
    String operator =
        caller
            .operatorId()
            .filter(o -> caller.configured())
            .orElseThrow(() -> new IllegalStateException("only operators decide"));
    return new Decider(caller.id(), operator, caller.requesters(), scopeOf(caller));
  }
}
