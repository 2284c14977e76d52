package io.causality.hitl.coordinator.auth;

import java.util.Set;

/**
 * The roles a configured caller may hold, as written in {@code callers[].roles} and in
 * {@code @RolesAllowed} on the resources.
 */
public final class Roles {
  /**
   * Submits override requests (the evaluation runtime or another client), and reads the ones it
   * submitted itself, with their audit trail.
   */
  public static final String SUBMITTER = "submitter";

  /** Lists, reads, approves and denies requests (people and their tools). */
  public static final String OPERATOR = "operator";

  /** Redeems tokens (the evaluation runtime). */
  public static final String REDEEMER = "redeemer";

  /**
   * Lists and reads requests without deciding: held by the open caller alone (no callers
   * configured), never configurable. Approving, denying and the audit trail need an authenticated
   * operator.
   */
  public static final String OPEN_READER = "open-reader";

  /** The roles a configured caller may hold. */
  public static final Set<String> ALL = Set.of(SUBMITTER, OPERATOR, REDEEMER);

  private Roles() {}
}
