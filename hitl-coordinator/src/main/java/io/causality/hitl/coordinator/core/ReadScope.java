package io.causality.hitl.coordinator.core;

import io.causality.hitl.coordinator.db.OverrideRequestRow;
import java.util.Objects;
import java.util.Optional;

/**
 * Which requests a caller reads one at a time ({@code GET /v1/override-requests/{id}}): an operator
 * (or the open caller) those of its {@link OrganizationScope}; a submitter those it submitted
 * itself, whose {@code submittedBy} is its caller id (the same comparison as four eyes makes); a
 * caller holding both roles, either. To the reader any other request does not exist: it is a 404
 * exactly as an unknown id, so that a submitter cannot tell which ids are taken. A submitter reads
 * its request whole, audit trail included: who decided it, when and with which note, is what it
 * submitted the request to learn (docs/coordinator.md, "Callers and roles").
 *
 * @param operator the organizations read as an operator; empty for a caller with no operator role
 * @param submitter the caller id whose own submissions are read; empty for a caller that submits
 *     nothing under its own id (no submitter role, or the open caller, which reads as an operator)
 */
public record ReadScope(Optional<OrganizationScope> operator, Optional<String> submitter) {
  /** Every request: the coordinator's own tools, and tests. */
  public static final ReadScope ALL = operator(OrganizationScope.ALL);

  public ReadScope {
    Objects.requireNonNull(operator, "operator");
    Objects.requireNonNull(submitter, "submitter");
  }

  /** An operator reading the requests of {@code scope}. */
  public static ReadScope operator(OrganizationScope scope) {
    return new ReadScope(Optional.of(scope), Optional.empty());
  }

  /** A submitter reading the requests it submitted as {@code callerId}, and no others. */
  public static ReadScope submitter(String callerId) {
    return new ReadScope(Optional.empty(), Optional.of(callerId));
  }

  /** Whether the reader sees {@code row}. */
  public boolean allows(OverrideRequestRow row) {
    return operator.filter(scope -> scope.allows(row.requesterOrg())).isPresent()
        || submitter.filter(id -> id.equals(row.submittedBy())).isPresent();
  }
}
