package io.causality.hitl.coordinator.core;

/**
 * A pending request for the same actor, intent and failure fingerprint exists: HTTP 409 {@code
 * DEDUPLICATED}; the body also carries {@code coordinatorRequestId} (the existing one) and {@code
 * deduplicated: true}.
 */
public final class DeduplicatedException extends OverrideException implements RefusedSubmission {

  private static final long serialVersionUID = 1L;

  private final String existingRequestId;

  public DeduplicatedException(String existingRequestId) {
    super(
        "a pending override request for the same actor, intent and failure exists: "
            + existingRequestId);
    this.existingRequestId = existingRequestId;
  }

  /** The pending request the submission duplicates. */
  public String existingRequestId() {
    return existingRequestId;
  }

  @Override
  public String code() {
    return "DEDUPLICATED";
  }

  @Override
  public SubmissionRefusal refusal() {
    return SubmissionRefusal.DEDUPLICATED;
  }
}
