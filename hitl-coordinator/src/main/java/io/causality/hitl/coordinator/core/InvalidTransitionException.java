package io.causality.hitl.coordinator.core;

import io.causality.hitl.protocol.wire.OverrideRequestStatus;

/**
 * The request is not in a state that allows the operation, for example approving a request that is
 * already DENIED or has EXPIRED: HTTP 409 {@code INVALID_TRANSITION}.
 */
public final class InvalidTransitionException extends OverrideException {

  private static final long serialVersionUID = 1L;

  private final String coordinatorRequestId;
  private final OverrideRequestStatus current;
  private final OverrideRequestStatus target;

  public InvalidTransitionException(
      String coordinatorRequestId, OverrideRequestStatus current, OverrideRequestStatus target) {
    super(
        "override request "
            + coordinatorRequestId
            + " is "
            + current
            + "; cannot move to "
            + target);
    this.coordinatorRequestId = coordinatorRequestId;
    this.current = current;
    this.target = target;
  }

  public String coordinatorRequestId() {
    return coordinatorRequestId;
  }

  public OverrideRequestStatus current() {
    return current;
  }

  public OverrideRequestStatus target() {
    return target;
  }

  @Override
  public String code() {
    return "INVALID_TRANSITION";
  }
}
