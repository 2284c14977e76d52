package io.causality.hitl.coordinator.core;

import java.util.Optional;

/**
 * The outcome of recomputing the audit chain.
 *
 * @param checked how many events fit the chain (all of them when it is intact)
 * @param headHash the hash of the last event checked (64 zeros for an empty chain)
 * @param problem the first event that does not fit, and how; empty when the chain is intact
 * @param checkpoints how many signed checkpoints were verified (0 when they were not checked)
 * @param lastCheckpoint the sequence of the last checkpoint verified; 0 without one
 */
public record ChainVerification(
    long checked,
    String headHash,
    Optional<String> problem,
    long checkpoints,
    long lastCheckpoint) {

  static ChainVerification intact(long checked, String headHash) {
    return new ChainVerification(checked, headHash, Optional.empty(), 0, 0);
  }

  static ChainVerification broken(long checked, String headHash, String problem) {
    return new ChainVerification(checked, headHash, Optional.of(problem), 0, 0);
  }

  /** The same outcome with the checkpoints that were verified. */
  ChainVerification withCheckpoints(long count, long last) {
    return new ChainVerification(checked, headHash, problem, count, last);
  }

  public boolean isIntact() {
    return problem.isEmpty();
  }
}
