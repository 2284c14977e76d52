package io.causality.sim.db;

import java.time.Instant;
import java.util.UUID;

/**
 * A row of {@code simulation_status_changes}: one change of a simulation's status.
 *
 * @param tick the ticks computed when the status changed
 * @param inputCount the inputs submitted by then, which orders the change among them
 * @param reason why it changed: {@code play}, {@code pause}, {@code step}, {@code completed},
 *     {@code restart}, {@code shutdown} or {@code error}
 */
public record StatusChangeRow(
    UUID simulationId,
    int seq,
    long tick,
    int inputCount,
    String status,
    String previous,
    String reason,
    double speed,
    Instant createdAt) {

  public StatusChangeRow withSeq(int seq) {
    return new StatusChangeRow(
        simulationId, seq, tick, inputCount, status, previous, reason, speed, createdAt);
  }
}
