package io.causality.hitl.coordinator.core;

/** No override request has this id: HTTP 404 {@code NOT_FOUND}. */
public final class OverrideRequestNotFoundException extends OverrideException {

  private static final long serialVersionUID = 1L;

  private final String coordinatorRequestId;

  public OverrideRequestNotFoundException(String coordinatorRequestId) {
    super("override request " + coordinatorRequestId + " not found");
    this.coordinatorRequestId = coordinatorRequestId;
  }

  public String coordinatorRequestId() {
    return coordinatorRequestId;
  }

  @Override
  public String code() {
    return "NOT_FOUND";
  }
}
