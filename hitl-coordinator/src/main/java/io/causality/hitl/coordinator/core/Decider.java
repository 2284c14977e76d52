package io.causality.hitl.coordinator.core;

import java.util.Objects;
import java.util.Optional;

/**
 * Who approves or denies: an authenticated operator caller (its configured id and the operator it
 * names), or, without callers configured, nobody known, and the operator of the authority key named
 * in the body decides (the loopback development mode).
 *
 * @param callerId the configured caller's id; null when not authenticated
 * @param operatorId the policy operator the caller is; null when not authenticated
 */
public record Decider(String callerId, String operatorId) {
  /** Every decision when no callers are configured. */
  public static final Decider UNAUTHENTICATED = new Decider(null, null);

  public Decider {
    if ((callerId == null) != (operatorId == null)) {
      throw new IllegalArgumentException("an authenticated decider has a caller and an operator");
    }
  }

  /** An authenticated operator caller. */
  public static Decider operator(String callerId, String operatorId) {
    return new Decider(
        Objects.requireNonNull(callerId, "callerId"),
        Objects.requireNonNull(operatorId, "operatorId"));
  }

  public boolean authenticated() {
    return callerId != null;
  }

  /** The operator the caller is, when authenticated. */
  public Optional<String> operator() {
    return Optional.ofNullable(operatorId);
  }
}
