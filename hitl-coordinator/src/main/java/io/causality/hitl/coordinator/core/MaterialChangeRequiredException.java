package io.causality.hitl.coordinator.core;

/**
 * The submission fails the same way as a denied request of the same actor (equal failure
 * fingerprints) and the policy requires a material change after a denial: HTTP 409 {@code
 * MATERIAL_CHANGE_REQUIRED}.
 */
public final class MaterialChangeRequiredException extends OverrideException
    implements RefusedSubmission {

  private static final long serialVersionUID = 1L;

  private final String deniedRequestId;

  public MaterialChangeRequiredException(String deniedRequestId) {
    super(
        "the failure is unchanged since denied request "
            + deniedRequestId
            + "; change the request materially before submitting again");
    this.deniedRequestId = deniedRequestId;
  }

  /** The denied request with the same failure fingerprint. */
  public String deniedRequestId() {
    return deniedRequestId;
  }

  @Override
  public String code() {
    return "MATERIAL_CHANGE_REQUIRED";
  }

  @Override
  public SubmissionRefusal refusal() {
    return SubmissionRefusal.MATERIAL_CHANGE_REQUIRED;
  }
}
