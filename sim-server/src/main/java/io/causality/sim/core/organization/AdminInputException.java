package io.causality.sim.core.organization;

/** An admin command's input is wrong; the message says which flag and why. */
public final class AdminInputException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public AdminInputException(String message) {
    super(message);
  }
}
