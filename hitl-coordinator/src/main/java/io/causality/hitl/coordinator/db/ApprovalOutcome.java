package io.causality.hitl.coordinator.db;

/** What {@link OverrideRequestDao#recordApproval} did with one operator's approval. */
public enum ApprovalOutcome {
  /** The request is not PENDING, or is due: nothing was written. */
  NOT_PENDING,
  /** This operator approved the request before: nothing was written. */
  ALREADY_APPROVED,
  /** The approval was recorded (a PARTIAL_APPROVAL event); more operators must approve. */
  RECORDED,
  /** The approval completed the quorum: the request is APPROVED and its token stored. */
  APPROVED
}
