package io.causality.hitl.coordinator.auth;

import java.security.Principal;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * Who is calling: a configured caller with its roles, or, when no callers are configured, the open
 * caller that holds every role (the coordinator then listens on loopback only).
 *
 * @param id the caller's configured id; never a token
 * @param roles what the caller may do, see {@link Roles}
 * @param configured whether the caller authenticated as a configured caller
 * @param operator the policy operator an operator caller is (its {@code operatorId}); null for
 *     other callers and the open caller
 */
public record Caller(String id, Set<String> roles, boolean configured, String operator)
    implements Principal {
  /** Every request when no callers are configured. */
  public static final Caller OPEN = new Caller("local", Roles.ALL, false, null);

  public Caller {
    Objects.requireNonNull(id, "id");
    roles = Set.copyOf(roles);
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
