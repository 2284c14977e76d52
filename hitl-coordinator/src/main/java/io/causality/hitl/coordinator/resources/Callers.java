package io.causality.hitl.coordinator.resources;

import io.causality.hitl.coordinator.auth.Caller;
import io.causality.hitl.coordinator.auth.Roles;
import io.causality.hitl.coordinator.core.Decider;
import io.causality.hitl.coordinator.core.OrganizationScope;
import io.causality.hitl.coordinator.core.ReadScope;
import java.util.Optional;

/** What the core needs to know of an authenticated caller. */
final class Callers {
  private Callers() {}

  /** The organizations whose requests the caller sees and decides. */
  static OrganizationScope scopeOf(Caller caller) {
    return new OrganizationScope(caller.organizations());
  }

  /**
   * The requests the caller reads one at a time: as an operator (or the open caller), those of its
   * organizations; as a configured submitter, those it submitted; with both roles, either.
   */
  static ReadScope readerOf(Caller caller) {
    boolean operator = caller.hasRole(Roles.OPERATOR) || caller.hasRole(Roles.OPEN_READER);
    Optional<String> submitter =
        caller.hasRole(Roles.SUBMITTER) ? caller.auditActor() : Optional.empty();
    return new ReadScope(operator ? Optional.of(scopeOf(caller)) : Optional.empty(), submitter);
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
