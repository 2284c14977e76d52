package io.causality.hitl.coordinator.core;

import io.causality.hitl.coordinator.db.AuditEventDao;
import io.causality.hitl.coordinator.db.AuditFilter;
import io.causality.hitl.coordinator.db.ChainedAuditEventRow;
import io.causality.hitl.protocol.wire.AuditEventPage;
import io.causality.hitl.protocol.wire.AuditEventType;
import io.causality.hitl.protocol.wire.ChainedAuditEvent;
import io.causality.hitl.protocol.wire.Pagination;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.jdbi.v3.core.Jdbi;

/**
 * The coordinator's audit trail as a whole: reading it in chain order, linking events written
 * before the chain existed, and verifying the chain. The events themselves are written by the
 * transitions of the {@code db} DAOs, each inside its transition's transaction.
 */
public final class AuditTrail {
  private final AuditEventDao events;

  public AuditTrail(Jdbi jdbi) {
    this.events = jdbi.onDemand(AuditEventDao.class);
  }

  /**
   * Links the events that an older version wrote without a chain, in the order they happened, after
   * the chain's head.
   *
   * @return how many were linked; 0 once done
   */
  public int chainExisting() {
    return events.chainUnchained();
  }

  /** Recomputes the whole chain; names the first event that does not fit. */
  public ChainVerification verify() {
    return new AuditChainVerifier(events).verify();
  }

  /** Verifies only the events after a verified point (see {@link AuditChainWatch}). */
  ChainVerification verifyAfter(long sequence, String hash) {
    return new AuditChainVerifier(events).verifyAfter(sequence, hash);
  }

  /** The sequence of the last event appended; 0 while the chain is empty. */
  public long headSequence() {
    return events.head().sequence();
  }

  /** Up to {@code limit} events after {@code sequence}, in chain order. */
  public List<ChainedAuditEvent> after(long sequence, int limit) {
    return events.chainAfter(sequence, limit).stream().map(AuditTrail::toEvent).toList();
  }

  /** What a page of events asks for; an absent member matches every event. */
  public record Query(
      Optional<UUID> requestId,
      Optional<String> actorId,
      Optional<AuditEventType> eventType,
      Optional<Instant> from,
      Optional<Instant> to) {}

  /** A page of the events that match, in chain order, with the number that match. */
  public AuditEventPage page(Query query, int limit, long offset) {
    AuditFilter filter =
        new AuditFilter(
            query.requestId().map(UUID::toString),
            query.actorId(),
            query.eventType(),
            query.from(),
            query.to());
    return new AuditEventPage(
        events.page(filter, limit, offset).stream().map(AuditTrail::toEvent).toList(),
        new Pagination(limit, offset, events.count(filter)));
  }

  static ChainedAuditEvent toEvent(ChainedAuditEventRow row) {
    return new ChainedAuditEvent(
        row.sequence(),
        row.event().id(),
        row.event().coordinatorRequestId(),
        row.event().eventType(),
        row.event().actorId(),
        row.event().occurredAt(),
        row.event().note(),
        row.previousHash(),
        row.hash());
  }
}
