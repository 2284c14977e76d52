package io.causality.sim.core.organization;

import io.causality.sim.core.errors.ForbiddenException;
import io.causality.sim.core.errors.InvalidInputException;
import java.util.UUID;

/** Which organization a new simulation is billed to. */
public final class BillingOrganizations {
  private BillingOrganizations() {}

  /**
   * An API key bills its own organization (naming another is 403). A user bills the named
   * organization, which must be theirs (403), or their only one when they name none.
   */
  public static UUID resolve(Caller caller, UUID requested) {
    if (caller.isApiKey()) {
      UUID own = caller.keyOrganization().orElseThrow();
      if (requested != null && !requested.equals(own)) {
        throw new ForbiddenException("An API key acts for its own organization only");
      }
      return own;
    }
    if (requested != null) {
      if (!caller.canAccess(requested)) {
        throw new ForbiddenException("You are not a member of organization " + requested);
      }
      return requested;
    }
    return onlyMembership(caller);
  }

  private static UUID onlyMembership(Caller caller) {
    int count = caller.memberships().size();
    if (count == 1) {
      return caller.memberships().keySet().iterator().next();
    }
    if (count == 0) {
      throw new ForbiddenException("You are not a member of any organization");
    }
    throw InvalidInputException.field(
        "organizationId", "is required: you belong to " + count + " organizations");
  }
}
