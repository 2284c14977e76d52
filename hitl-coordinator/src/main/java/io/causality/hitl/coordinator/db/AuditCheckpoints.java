package io.causality.hitl.coordinator.db;

import io.causality.hitl.protocol.wire.AuditCheckpoint;
import java.time.Instant;
import java.util.Optional;
import org.jdbi.v3.core.config.JdbiConfig;

/**
 * Whether and how often the chain's head is checkpointed, as part of the {@code Jdbi}'s
 * configuration (as {@link WebhookRoutes}): {@link AuditAppend}, the one writer of audit events,
 * signs a checkpoint of the head in the transaction of every {@code everyEvents}-th event, so that
 * no writer can skip one. Set once at start; a {@code Jdbi} without a signer writes none (the admin
 * commands, DAO tests).
 */
public final class AuditCheckpoints implements JdbiConfig<AuditCheckpoints> {

  /** Signs a checkpoint of the head; the coordinator's own key does it. */
  @FunctionalInterface
  public interface Signer {
    AuditCheckpoint sign(long sequence, String hash, Instant signedAt);
  }

  private Signer signer;
  private int everyEvents = Integer.MAX_VALUE;

  public AuditCheckpoints() {}

  private AuditCheckpoints(AuditCheckpoints other) {
    this.signer = other.signer;
    this.everyEvents = other.everyEvents;
  }

  /** From now on, sign a checkpoint with {@code signer} at every {@code everyEvents}-th event. */
  public void set(Signer signer, int everyEvents) {
    if (everyEvents < 1) {
      throw new IllegalArgumentException("everyEvents must be positive");
    }
    this.signer = signer;
    this.everyEvents = everyEvents;
  }

  /** The signer, when checkpoints are signed. */
  public Optional<Signer> signer() {
    return Optional.ofNullable(signer);
  }

  /** Whether the event at {@code sequence} is checkpointed with its transaction. */
  boolean dueAt(long sequence) {
    return signer != null && sequence % everyEvents == 0;
  }

  @Override
  public AuditCheckpoints createCopy() {
    return new AuditCheckpoints(this);
  }
}
