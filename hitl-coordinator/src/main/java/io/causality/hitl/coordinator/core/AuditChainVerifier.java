package io.causality.hitl.coordinator.core;

import io.causality.hitl.coordinator.db.AuditChain;
import io.causality.hitl.coordinator.db.AuditEventDao;
import io.causality.hitl.coordinator.db.ChainHead;
import io.causality.hitl.coordinator.db.ChainedAuditEventRow;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Recomputes the audit chain from the database: every event at the next place, linked to the hash
 * of the one before, its content hashing to its stored hash; and the head at the last event. Reads
 * in batches up to the head as it was when verification began, so that appends made meanwhile (by a
 * running coordinator) are left for the next run.
 */
final class AuditChainVerifier {
  private static final int BATCH = 1_000;

  private final AuditEventDao events;

  AuditChainVerifier(AuditEventDao events) {
    this.events = Objects.requireNonNull(events, "events");
  }

  ChainVerification verify() {
    long unchained = events.countUnchained();
    if (unchained > 0) {
      return ChainVerification.broken(
          0,
          AuditChain.GENESIS_HASH,
          unchained
              + " audit events have no place in the chain; "
              + "the coordinator chains them when it starts");
    }
    return verifyAfter(0, AuditChain.GENESIS_HASH);
  }

  /**
   * Verifies the events after a point already verified ({@code sequence} with its {@code hash}) up
   * to the head: the incremental check the health check runs, which reads only what was appended
   * since. Events without a place in the chain are not looked for (the coordinator chains them at
   * start, before anything is appended).
   */
  ChainVerification verifyAfter(long sequence, String hash) {
    // The head first: every event up to it is committed, since an append stores both at once.
    ChainHead head = events.head();
    if (head.sequence() < sequence) {
      return ChainVerification.broken(
          sequence,
          hash,
          "the chain head is at sequence "
              + head.sequence()
              + ", before the verified sequence "
              + sequence);
    }
    Link link = new Link(sequence, hash);
    while (link.sequence() < head.sequence()) {
      List<ChainedAuditEventRow> batch = events.chainAfter(link.sequence(), BATCH);
      if (batch.isEmpty()) {
        break;
      }
      for (ChainedAuditEventRow row : batch) {
        if (row.sequence() > head.sequence()) {
          break;
        }
        Optional<String> problem = misfit(row, link);
        if (problem.isPresent()) {
          return ChainVerification.broken(link.sequence(), link.hash(), problem.get());
        }
        link = new Link(row.sequence(), row.hash());
      }
    }
    return atHead(head, link);
  }

  /** Why {@code row} does not follow {@code previous}, if it does not. */
  private static Optional<String> misfit(ChainedAuditEventRow row, Link previous) {
    long expected = previous.sequence() + 1;
    if (row.sequence() != expected) {
      return Optional.of(
          "event at sequence " + expected + " is missing (the next is " + describe(row) + ")");
    }
    if (!previous.hash().equals(row.previousHash())) {
      return Optional.of(
          describe(row) + ": its previous hash is not the hash of event " + previous.sequence());
    }
    String recomputed = AuditChain.hash(row.event(), row.sequence(), row.previousHash());
    if (!recomputed.equals(row.hash())) {
      return Optional.of(describe(row) + ": its content does not hash to its stored hash");
    }
    return Optional.empty();
  }

  private static ChainVerification atHead(ChainHead head, Link last) {
    if (last.sequence() != head.sequence()) {
      return ChainVerification.broken(
          last.sequence(),
          last.hash(),
          "the chain head is at sequence "
              + head.sequence()
              + " but the last event is at "
              + last.sequence()
              + ": events after it are missing");
    }
    if (!last.hash().equals(head.hash())) {
      return ChainVerification.broken(
          last.sequence(),
          last.hash(),
          "the chain head's hash is not the hash of event " + last.sequence());
    }
    return ChainVerification.intact(last.sequence(), last.hash());
  }

  private static String describe(ChainedAuditEventRow row) {
    return "event "
        + row.event().id()
        + " (sequence "
        + row.sequence()
        + ", "
        + row.event().eventType()
        + " of request "
        + row.event().coordinatorRequestId()
        + ")";
  }

  private record Link(long sequence, String hash) {}
}
