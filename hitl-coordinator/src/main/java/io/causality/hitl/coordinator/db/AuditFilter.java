package io.causality.hitl.coordinator.db;

import io.causality.hitl.protocol.wire.AuditEventType;
import java.time.Instant;
import java.util.Optional;

/**
 * Which audit events a read wants; an absent member matches every event.
 *
 * @param from the earliest time, inclusive
 * @param to the latest time, exclusive
 */
public record AuditFilter(
    Optional<String> requestId,
    Optional<String> actorId,
    Optional<AuditEventType> eventType,
    Optional<Instant> from,
    Optional<Instant> to) {

  /** Bounds far enough out that an open time filter matches every stored time. */
  private static final Instant EARLIEST = Instant.EPOCH;

  private static final Instant LATEST = Instant.parse("9999-12-31T23:59:59Z");

  /**
   * The condition over the bound members. A null string is cast to a type so that PostgreSQL can
   * tell the type of a parameter that is only compared with null.
   */
  static final String WHERE =
      "(CAST(:requestIdOrNull AS VARCHAR(36)) IS NULL"
          + " OR coordinator_request_id = :requestIdOrNull)"
          + " AND (CAST(:actorIdOrNull AS VARCHAR(255)) IS NULL OR actor_id = :actorIdOrNull)"
          + " AND (CAST(:eventTypeOrNull AS VARCHAR(32)) IS NULL"
          + " OR event_type = :eventTypeOrNull)"
          + " AND occurred_at >= :fromOrEarliest AND occurred_at < :toOrLatest";

  /** Every event. */
  public static AuditFilter all() {
    return new AuditFilter(
        Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty());
  }

  public String requestIdOrNull() {
    return requestId.orElse(null);
  }

  public String actorIdOrNull() {
    return actorId.orElse(null);
  }

  public String eventTypeOrNull() {
    return eventType.map(Enum::name).orElse(null);
  }

  public Instant fromOrEarliest() {
    return from.orElse(EARLIEST);
  }

  public Instant toOrLatest() {
    return to.orElse(LATEST);
  }
}
