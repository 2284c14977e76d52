package io.causality.hitl.coordinator.core;

import java.util.Optional;

/**
 * The outcome of recomputing the audit chain.
 *
 * @param checked how many events fit the chain (all of them when it is intact)
 * @param headHash the hash of the last event checked (64 zeros for an empty chain)
 * @param problem the first event that does not fit, and how; empty when the chain is intact
 */
public record ChainVerification(long checked, String headHash, Optional<String> problem) {

  static ChainVerification intact(long checked, String headHash) {
    return new ChainVerification(checked, headHash, Optional.empty());
  }

  static ChainVerification broken(long checked, String headHash, String problem) {
    return new ChainVerification(checked, headHash, Optional.of(problem));
  }

  public boolean isIntact() {
    return problem.isEmpty();
  }
}
