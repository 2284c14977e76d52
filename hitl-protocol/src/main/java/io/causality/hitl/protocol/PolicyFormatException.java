package io.causality.hitl.protocol;

/**
 * A deployment policy document that cannot be used. The message names the JSON path and the problem
 * in one line, for example {@code policy.hitl.maxTokenTtlMs: must be a positive integer}.
 */
public class PolicyFormatException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  public PolicyFormatException(String message) {
    super(message);
  }

  public PolicyFormatException(String message, Throwable cause) {
    super(message, cause);
  }
}
