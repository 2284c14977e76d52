package io.causality.hitl.coordinator.db;

/**
 * An earlier approval of a request, with what it takes to decide whether it counts towards the
 * quorum: the event with its place in the chain, its neighbours' links, and its operator's
 * signature. Read in one statement, so that the head and the neighbours agree.
 *
 * @param event the PARTIAL_APPROVAL event with its chain columns (null sequence: not chained)
 * @param predecessorHash the stored hash of the event before it; null when there is none
 * @param successorLink the previous hash stored by the event after it; null when there is none
 * @param headSequence the chain head's sequence
 * @param headHash the chain head's hash
 * @param signature its operator's signature; null when none was stored
 */
public record ApprovalEvidence(
    ChainedAuditEventRow event,
    String predecessorHash,
    String successorLink,
    long headSequence,
    String headHash,
    ApprovalSignatureRow signature) {}
