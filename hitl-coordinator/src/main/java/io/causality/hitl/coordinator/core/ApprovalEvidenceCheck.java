package io.causality.hitl.coordinator.core;

import io.causality.hitl.coordinator.crypto.SigningKeys;
import io.causality.hitl.coordinator.db.ApprovalEvidence;
import io.causality.hitl.coordinator.db.ApprovalSignatureRow;
import io.causality.hitl.coordinator.db.AuditChain;
import io.causality.hitl.coordinator.db.ChainedAuditEventRow;
import io.causality.hitl.coordinator.db.OverrideRequestRow;
import io.causality.hitl.protocol.wire.ApprovalStatement;
import io.causality.hitl.protocol.wire.TokenApproval;
import java.security.PublicKey;
import java.util.Optional;
import java.util.function.Predicate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Whether an earlier approval of a request counts towards its quorum. An approval event in the
 * database proves nothing by itself: anyone with the database's password can insert one and even
 * chain it (the hashes hold no secret). So it counts only when
 *
 * <ul>
 *   <li>it has its place in the chain, its content hashes to its stored hash, it links to the event
 *       before it, and the event after it (or the head) links to it; and
 *   <li>its operator's authority key, as the policy has it, signed its approval statement over this
 *       request's binding at the event's time.
 * </ul>
 *
 * An approval that does not count is logged at ERROR: it was written outside the coordinator.
 */
final class ApprovalEvidenceCheck {
  private static final Logger LOG = LoggerFactory.getLogger(ApprovalEvidenceCheck.class);

  private ApprovalEvidenceCheck() {}

  /** The approvals of {@code row} that count, with the keys in force. */
  static Predicate<ApprovalEvidence> counts(OverrideRequestRow row, SigningKeys keys) {
    return evidence -> {
      Optional<String> problem = problem(row, keys, evidence);
      problem.ifPresent(
          why ->
              LOG.error(
                  "override request {}: approval event {} by {} is not counted: {}",
                  row.coordinatorRequestId(),
                  evidence.event().event().id(),
                  evidence.event().event().actorId(),
                  why));
      return problem.isEmpty();
    };
  }

  /** The approval as the token carries it. */
  static TokenApproval approvalOf(ApprovalSignatureRow signature) {
    return new TokenApproval(
        signature.operatorId(), signature.keyId(), signature.approvedAt(), signature.signature());
  }

  /** Why the approval does not count, if it does not. */
  static Optional<String> problem(
      OverrideRequestRow row, SigningKeys keys, ApprovalEvidence evidence) {
    return chainProblem(evidence).or(() -> signatureProblem(row, keys, evidence));
  }

  private static Optional<String> chainProblem(ApprovalEvidence evidence) {
    ChainedAuditEventRow event = evidence.event();
    if (event.sequence() == null) {
      return Optional.of("it has no place in the audit chain");
    }
    if (!AuditChain.hash(event.event(), event.sequence(), event.previousHash())
        .equals(event.hash())) {
      return Optional.of("its content does not hash to its stored hash");
    }
    String before = event.sequence() == 1 ? AuditChain.GENESIS_HASH : evidence.predecessorHash();
    if (!event.previousHash().equals(before)) {
      return Optional.of("its previous hash is not the hash of the event before it");
    }
    boolean linkedAfter =
        evidence.successorLink() != null
            ? evidence.successorLink().equals(event.hash())
            : evidence.headSequence() == event.sequence()
                && event.hash().equals(evidence.headHash());
    return linkedAfter ? Optional.empty() : Optional.of("the chain after it does not link to it");
  }

  private static Optional<String> signatureProblem(
      OverrideRequestRow row, SigningKeys keys, ApprovalEvidence evidence) {
    ApprovalSignatureRow signature = evidence.signature();
    if (signature == null) {
      return Optional.of("no operator key signed it");
    }
    String actor = evidence.event().event().actorId();
    if (!signature.operatorId().equals(actor)
        || !signature.approvedAt().equals(evidence.event().event().occurredAt())) {
      return Optional.of("its signature is of another operator or time");
    }
    Optional<PublicKey> key = keys.authorityKey(signature.keyId(), signature.operatorId());
    if (key.isEmpty()) {
      return Optional.of("key " + signature.keyId() + " is not an authority of " + actor);
    }
    ApprovalStatement statement =
        new ApprovalStatement(
            row.coordinatorRequestId(),
            row.requestHash(),
            row.actionHash(),
            row.licenseId(),
            row.actorId(),
            signature.operatorId(),
            signature.keyId(),
            signature.approvedAt());
    return statement.verify(signature.signature(), key.get())
        ? Optional.empty()
        : Optional.of("its signature does not verify with key " + signature.keyId());
  }
}
