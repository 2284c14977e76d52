package io.causality.hitl.coordinator.core;

import io.causality.hitl.coordinator.crypto.KeyRing;
import io.causality.hitl.coordinator.db.AuditCheckpointDao;
import io.causality.hitl.coordinator.db.AuditCheckpoints;
import io.causality.hitl.coordinator.db.AuditEventDao;
import io.causality.hitl.coordinator.db.AuditFilter;
import io.causality.hitl.coordinator.db.ChainedAuditEventRow;
import io.causality.hitl.coordinator.db.UnchainedAuditEventsException;
import io.causality.hitl.protocol.wire.AuditCheckpoint;
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
  private final AuditCheckpointDao checkpoints;

  public AuditTrail(Jdbi jdbi) {
    this.events = jdbi.onDemand(AuditEventDao.class);
    this.checkpoints = jdbi.onDemand(AuditCheckpointDao.class);
  }

  /**
   * Signs checkpoints of the head from now on, at every {@code everyEvents}-th event, with the
   * coordinator's key in force ({@code jdbi} is the one this trail reads).
   */
  public static void signCheckpoints(Jdbi jdbi, KeyRing keys, int everyEvents) {
    jdbi.getConfig(AuditCheckpoints.class)
        .set(
            (sequence, hash, at) -> keys.current().coordinator().checkpoint(sequence, hash, at),
            everyEvents);
  }

  /**
   * Links the events that an older version wrote without a chain, in the order they happened, after
   * the chain's head: once, at the first start of a version with checkpoints.
   *
   * @return how many were linked; 0 once done
   * @throws UnchainedAuditEventsException when unchained events are found after that: they were
   *     written outside the coordinator
   */
  public int chainExisting() {
    return events.chainUnchained();
  }

  /** Signs a checkpoint of the head now, when events were appended since the last one. */
  public Optional<AuditCheckpoint> checkpointHead(Instant now) {
    return checkpoints.checkpointHead(now);
  }

  /** Recomputes the whole chain; names the first event that does not fit. */
  public ChainVerification verify() {
    return new AuditChainVerifier(events, checkpoints).verify(Optional.empty());
  }

  /** Recomputes the whole chain and checks its signed checkpoints by {@code rules}. */
  public ChainVerification verify(CheckpointRules rules) {
    return new AuditChainVerifier(events, checkpoints).verify(Optional.of(rules));
  }

  /** Verifies only the events after a verified point (see {@link AuditChainWatch}). */
  ChainVerification verifyAfter(long sequence, String hash) {
    return new AuditChainVerifier(events, checkpoints).verifyAfter(sequence, hash);
  }

  /** The sequence of the last event appended; 0 while the chain is empty. */
  public long headSequence() {
    return events.head().sequence();
  }

  /** Up to {@code limit} events after {@code sequence}, in chain order. */
  public List<ChainedAuditEvent> after(long sequence, int limit) {
    return events.chainAfter(sequence, limit).stream().map(AuditTrail::toEvent).toList();
  }

  /** An event and the organization of its request (null: none, or the request was purged). */
  public record OrganizationEvent(ChainedAuditEvent event, String organizationId) {}

  /**
   * Up to {@code limit} events after {@code sequence}, in chain order, with their requests'
   * organizations, so that a stream can leave out what its reader does not see.
   */
  public List<OrganizationEvent> afterWithOrganizations(long sequence, int limit) {
    return events.chainAfterWithOrganizations(sequence, limit).stream()
        .map(row -> new OrganizationEvent(toEvent(row.event()), row.organizationId()))
        .toList();
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
    return page(query, OrganizationScope.ALL, limit, offset);
  }

  /** A page of the events of {@code scope}'s requests that match, in chain order. */
  public AuditEventPage page(Query query, OrganizationScope scope, int limit, long offset) {
    AuditFilter filter =
        new AuditFilter(
            query.requestId().map(UUID::toString),
            query.actorId(),
            query.eventType(),
            query.from(),
            query.to());
    List<String> organizations = scope.list();
    return new AuditEventPage(
        events.page(filter, scope.all(), organizations, limit, offset).stream()
            .map(AuditTrail::toEvent)
            .toList(),
        new Pagination(limit, offset, events.count(filter, scope.all(), organizations)));
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
