package io.causality.hitl.coordinator.core;

import io.causality.hitl.protocol.wire.Requester;
import java.util.Objects;
import java.util.Set;

/**
 * Who approves or denies: an authenticated operator caller, by its configured id and the policy
 * operator it names, with the requester identities that operator holds at the submitting services
 * (four eyes) and the organizations whose requests it decides. Nobody else decides: without callers
 * configured, approving and denying are refused before they reach the core.
 *
 * @param callerId the configured caller's id
 * @param operatorId the policy operator the caller is
 * @param requesters the operator's requester identities; it may not approve their requests
 * @param scope the organizations whose requests it sees and decides
 */
public record Decider(
    String callerId, String operatorId, Set<Requester> requesters, OrganizationScope scope) {

  public Decider {
    Objects.requireNonNull(callerId, "callerId");
    Objects.requireNonNull(operatorId, "operatorId");
    requesters = Set.copyOf(requesters);
    Objects.requireNonNull(scope, "scope");
  }

  /** An operator caller with no requester identities, deciding for every organization. */
  public static Decider operator(String callerId, String operatorId) {
    return new Decider(callerId, operatorId, Set.of(), OrganizationScope.ALL);
  }

  /** Whether {@code requester} is this operator at a submitting service. */
  public boolean isRequester(Requester requester) {
    return requester != null && requesters.contains(requester);
  }
}
