package io.causality.hitl.coordinator.db;

import java.util.List;

/**
 * Audit events without a place in the chain, found after the one-time linking of the events written
 * before the chain existed: only SQL outside the coordinator writes such a row (the coordinator
 * appends every event to the chain in its own transaction), so the start stops rather than link it.
 * The message names how many and the first of them.
 */
public final class UnchainedAuditEventsException extends IllegalStateException {
  private static final long serialVersionUID = 1L;

  UnchainedAuditEventsException(List<AuditEventRow> unchained) {
    super(describe(unchained));
  }

  private static String describe(List<AuditEventRow> unchained) {
    AuditEventRow first = unchained.get(0);
    return unchained.size()
        + " audit events have no place in the chain, after the one-time linking of the events"
        + " written before it: written outside the coordinator (first: event "
        + first.id()
        + ", "
        + first.eventType()
        + " of request "
        + first.coordinatorRequestId()
        + " by "
        + first.actorId()
        + "); they are not linked. Investigate, remove them, and check with audit verify"
        + " (docs/coordinator.md, \"Audit chain\")";
  }
}
