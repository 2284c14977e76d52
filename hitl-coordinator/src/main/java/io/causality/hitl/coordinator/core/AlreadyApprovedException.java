package io.causality.hitl.coordinator.core;

/**
 * The operator has already approved this request, which waits for other operators' approvals: HTTP
 * 409 {@code ALREADY_APPROVED}. Nothing changed.
 */
public final class AlreadyApprovedException extends OverrideException {

  private static final long serialVersionUID = 1L;

  private final String coordinatorRequestId;
  private final String operatorId;

  public AlreadyApprovedException(String coordinatorRequestId, String operatorId) {
    super(
        "operator "
            + operatorId
            + " has already approved override request "
            + coordinatorRequestId
            + "; another operator must approve it");
    this.coordinatorRequestId = coordinatorRequestId;
    this.operatorId = operatorId;
  }

  public String coordinatorRequestId() {
    return coordinatorRequestId;
  }

  public String operatorId() {
    return operatorId;
  }

  @Override
  public String code() {
    return "ALREADY_APPROVED";
  }
}
