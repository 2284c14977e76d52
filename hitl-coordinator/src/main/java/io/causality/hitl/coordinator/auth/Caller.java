package io.causality.hitl.coordinator.auth;

import io.causality.hitl.protocol.wire.Requester;
import java.security.Principal;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * Who is calling: a configured caller with its roles, or, when no callers are configured, the open
 * caller, which may submit, list, get and redeem but never decide (the coordinator then listens on
 * loopback only).
 *
 * @param id the caller's configured id; never a token
 * @param roles what the caller may do, see {@link Roles}
 * @param configured whether the caller authenticated as a configured caller
 * @param operator the policy operator an operator caller is (its {@code operatorId}); null for
 *     other callers and the open caller
 * @param requesters the requester identities of that operator, from every caller naming it (four
 *     eyes); empty for other callers
 * @param organizations the organizations whose requests this caller sees and decides; empty: all
 */
public record Caller(
    String id,
    Set<String> roles,
    boolean configured,
    String operator,
    Set<Requester> requesters,
    Set<String> organizations)
    implements Principal {
  /** Every request when no callers are configured. */
  public static final Caller OPEN =
      new Caller("local", Set.of(Roles.SUBMITTER, Roles.REDEEMER, Roles.OPEN_READER), false, null);

  public Caller {
    Objects.requireNonNull(id, "id");
    roles = Set.copyOf(roles);
    requesters = requesters == null ? Set.of() : Set.copyOf(requesters);
    organizations = organizations == null ? Set.of() : Set.copyOf(organizations);
  }

  /** A caller without requester identities or an organization scope. */
  public Caller(String id, Set<String> roles, boolean configured, String operator) {
    this(id, roles, configured, operator, Set.of(), Set.of());
  }

  /** The operator this caller is, as the policy's authorities name it. */
  public Optional<String> operatorId() {
    return Optional.ofNullable(operator);
  }

  @Override
  public String getName() {
    return id;
  }

  public boolean hasRole(String role) {
    return roles.contains(role);
  }

  /**
   * The actor to record in the audit trail: the configured caller's id; empty for the open caller,
   * so that the core records its own default (the submission's source label, or {@code redeemer}).
   */
  public Optional<String> auditActor() {
    return configured ? Optional.of(id) : Optional.empty();
  }
}
