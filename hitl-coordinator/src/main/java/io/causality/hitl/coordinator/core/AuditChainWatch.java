package io.causality.hitl.coordinator.core;

import io.causality.hitl.coordinator.db.AuditChain;
import java.util.Objects;

/**
 * The audit chain verified as it grows: each check verifies only the events appended since the last
 * point found intact (never a full scan per call), and remembers its answer for the gauge {@code
 * hitl_audit_chain_verified}. The first check after start verifies from the beginning once. A
 * broken chain stays broken for this process: the next check verifies from the last intact point
 * again and finds the same problem, until an operator repairs and restarts.
 */
public final class AuditChainWatch {
  private final AuditTrail audit;
  private long verifiedSequence;
  private String verifiedHash = AuditChain.GENESIS_HASH;
  private volatile ChainVerification last;

  public AuditChainWatch(AuditTrail audit) {
    this.audit = Objects.requireNonNull(audit, "audit");
  }

  /** Verifies what was appended since the last intact point; the answer. */
  public synchronized ChainVerification check() {
    ChainVerification result = audit.verifyAfter(verifiedSequence, verifiedHash);
    if (result.isIntact()) {
      verifiedSequence = result.checked();
      verifiedHash = result.headHash();
    }
    last = result;
    return result;
  }

  /** Whether the last check found the chain intact; false before the first check. */
  public boolean verified() {
    ChainVerification answer = last;
    return answer != null && answer.isIntact();
  }
}
