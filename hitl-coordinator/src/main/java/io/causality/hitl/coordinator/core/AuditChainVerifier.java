package io.causality.hitl.coordinator.core;

import io.causality.hitl.coordinator.db.AuditChain;
import io.causality.hitl.coordinator.db.AuditCheckpointDao;
import io.causality.hitl.coordinator.db.AuditEventDao;
import io.causality.hitl.coordinator.db.ChainHead;
import io.causality.hitl.coordinator.db.ChainedAuditEventRow;
import io.causality.hitl.protocol.wire.AuditCheckpoint;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Recomputes the audit chain from the database: every event at the next place, linked to the hash
 * of the one before, its content hashing to its stored hash; and the head at the last event. Reads
 * in batches up to the head as it was when verification began, so that appends made meanwhile (by a
 * running coordinator) are left for the next run.
 *
 * <p>With {@link CheckpointRules}, the signed checkpoints too, which someone with the database's
 * password cannot forge: each verifies with the coordinator's key; the event at each checkpoint's
 * sequence has the hash it signed (an event changed, removed or inserted up to there changes it);
 * no checkpoint lies beyond the head (events removed from the end, the head moved back); the head
 * is fewer than {@code everyEvents} events past the last checkpoint (checkpoints removed); and an
 * exported head is still in the chain unchanged.
 */
final class AuditChainVerifier {
  private static final int BATCH = 1_000;

  private final AuditEventDao events;
  private final AuditCheckpointDao checkpoints;

  AuditChainVerifier(AuditEventDao events, AuditCheckpointDao checkpoints) {
    this.events = Objects.requireNonNull(events, "events");
    this.checkpoints = Objects.requireNonNull(checkpoints, "checkpoints");
  }

  ChainVerification verify(Optional<CheckpointRules> rules) {
    long unchained = events.countUnchained();
    if (unchained > 0) {
      return ChainVerification.broken(
          0,
          AuditChain.GENESIS_HASH,
          unchained
              + " audit events have no place in the chain: written outside the coordinator, or"
              + " by a version before the chain that has not started this one yet");
    }
    // The head first: every event up to it is committed, since an append stores both at once.
    ChainHead head = events.head();
    List<AuditCheckpoint> signed = rules.isPresent() ? checkpoints.all() : List.of();
    Optional<String> forged = rules.flatMap(r -> badSignature(signed, r));
    if (forged.isPresent()) {
      return ChainVerification.broken(0, AuditChain.GENESIS_HASH, forged.get());
    }
    Map<Long, List<Mark>> marks = marks(signed, head, rules);
    ChainVerification walked = walk(head, new Link(0, AuditChain.GENESIS_HASH), marks);
    if (!walked.isIntact() || rules.isEmpty()) {
      return walked;
    }
    return afterWalk(head, signed, rules.get(), walked);
  }

  /**
   * Verifies the events after a point already verified ({@code sequence} with its {@code hash}) up
   * to the head: the incremental check the health check runs, which reads only what was appended
   * since. Events without a place in the chain are not looked for (the coordinator chains them at
   * start, before anything is appended), nor the signed checkpoints (the full {@link #verify} of
   * {@code audit verify} reads them).
   */
  ChainVerification verifyAfter(long sequence, String hash) {
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
    return walk(head, new Link(sequence, hash), Map.of());
  }

  /** The chain from {@code from} to the head, checking each mark at its sequence. */
  private ChainVerification walk(ChainHead head, Link from, Map<Long, List<Mark>> marks) {
    Link link = from;
    while (link.sequence() < head.sequence()) {
      List<ChainedAuditEventRow> batch = events.chainAfter(link.sequence(), BATCH);
      if (batch.isEmpty()) {
        break;
      }
      for (ChainedAuditEventRow row : batch) {
        if (row.sequence() > head.sequence()) {
          break;
        }
        Optional<String> problem = misfit(row, link).or(() -> unmarked(row, marks));
        if (problem.isPresent()) {
          return ChainVerification.broken(link.sequence(), link.hash(), problem.get());
        }
        link = new Link(row.sequence(), row.hash());
      }
    }
    return atHead(head, link);
  }

  /** Checkpoints and an exported head that lie beyond the chain, and checkpoints missing. */
  private ChainVerification afterWalk(
      ChainHead head, List<AuditCheckpoint> signed, CheckpointRules rules, ChainVerification ok) {
    long current = events.head().sequence();
    for (AuditCheckpoint checkpoint : signed) {
      // A checkpoint past the head read first is an append made meanwhile unless the head is
      // still behind it.
      if (checkpoint.sequence() > current) {
        return broken(
            ok,
            describe(checkpoint)
                + " covers sequence "
                + checkpoint.sequence()
                + ", but the chain ends at "
                + current
                + ": events were removed from its end");
      }
    }
    Optional<CheckpointRules.ExpectedHead> expected = rules.expectedHead();
    if (expected.isPresent() && expected.get().sequence() > current) {
      return broken(
          ok,
          "the expected head at sequence "
              + expected.get().sequence()
              + " is beyond the chain, which ends at "
              + current
              + ": events were removed");
    }
    List<AuditCheckpoint> covered =
        signed.stream().filter(c -> c.sequence() <= head.sequence()).toList();
    long last = covered.isEmpty() ? 0 : covered.get(covered.size() - 1).sequence();
    if (head.sequence() - last >= rules.everyEvents()) {
      return broken(
          ok,
          "the head is at sequence "
              + head.sequence()
              + " but the last checkpoint"
              + " is at "
              + last
              + ", and one is signed every "
              + rules.everyEvents()
              + " events: checkpoints were removed, or a coordinator without them wrote events");
    }
    return ok.withCheckpoints(covered.size(), last);
  }

  private static ChainVerification broken(ChainVerification walked, String problem) {
    return ChainVerification.broken(walked.checked(), walked.headHash(), problem);
  }

  private static Optional<String> badSignature(List<AuditCheckpoint> signed, CheckpointRules r) {
    return signed.stream()
        .filter(checkpoint -> !checkpoint.verify(r.coordinatorKey()))
        .findFirst()
        .map(c -> describe(c) + ": its signature does not verify with the coordinatorKey");
  }

  /** The hash each sequence must have: what a checkpoint signed, or the exported head. */
  private static Map<Long, List<Mark>> marks(
      List<AuditCheckpoint> signed, ChainHead head, Optional<CheckpointRules> rules) {
    Map<Long, List<Mark>> marks = new HashMap<>();
    rules
        .flatMap(CheckpointRules::expectedHead)
        .filter(expected -> expected.sequence() <= head.sequence())
        .ifPresent(e -> add(marks, e.sequence(), new Mark(e.hash(), "the expected head's")));
    signed.stream()
        .filter(c -> c.sequence() <= head.sequence())
        .forEach(c -> add(marks, c.sequence(), new Mark(c.hash(), describe(c) + "'s")));
    return marks;
  }

  private static void add(Map<Long, List<Mark>> marks, long sequence, Mark mark) {
    marks.computeIfAbsent(sequence, s -> new ArrayList<>()).add(mark);
  }

  /** The hash a sequence must have, and whose it is. */
  private record Mark(String hash, String whose) {}

  /** Why {@code row} does not have the hash a checkpoint or the exported head says it has. */
  private static Optional<String> unmarked(ChainedAuditEventRow row, Map<Long, List<Mark>> marks) {
    return marks.getOrDefault(row.sequence(), List.of()).stream()
        .filter(mark -> !mark.hash().equals(row.hash()))
        .findFirst()
        .map(
            mark ->
                describe(row)
                    + ": its hash is not "
                    + mark.whose()
                    + " for its sequence: the chain up to it was rewritten");
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

  private static String describe(AuditCheckpoint checkpoint) {
    return "the checkpoint signed at " + checkpoint.signedAt();
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
