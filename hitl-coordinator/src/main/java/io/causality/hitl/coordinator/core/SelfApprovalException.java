package io.causality.hitl.coordinator.core;

/**
 * Four eyes: the caller that submitted a request, or an operator who is the request's actor, may
 * not approve it: HTTP 403 {@code SELF_APPROVAL}. Nothing changed.
 */
public final class SelfApprovalException extends OverrideException {

  private static final long serialVersionUID = 1L;

  public SelfApprovalException(String message) {
    super(message);
  }

  @Override
  public String code() {
    return "SELF_APPROVAL";
  }
}
