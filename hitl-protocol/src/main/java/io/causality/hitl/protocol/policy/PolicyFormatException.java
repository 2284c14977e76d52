package io.causality.hitl.protocol.policy;

/**
 * A deployment policy document that cannot be used. The message is one line naming the JSON path
 * and the problem, for example {@code policy.hitl.maxTokenTtlMs: must be a positive integer}; every
 * problem found, separated by {@code "; "}.
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
