package io.causality.hitl.coordinator.core;

/**
 * An authenticated operator named an authority key of another operator: HTTP 403 {@code FORBIDDEN}.
 * Nothing changed.
 */
public final class ForbiddenKeyException extends OverrideException {

  private static final long serialVersionUID = 1L;

  public ForbiddenKeyException(String keyId, String keyOperatorId, Decider decider) {
    super(
        "authority key "
            + keyId
            + " belongs to operator "
            + keyOperatorId
            + ", not to "
            + decider.operatorId()
            + " (caller "
            + decider.callerId()
            + ")");
  }

  @Override
  public String code() {
    return "FORBIDDEN";
  }
}
