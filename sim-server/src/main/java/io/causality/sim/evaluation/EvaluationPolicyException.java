package io.causality.sim.evaluation;

/** The configured deployment policy cannot serve the gate; stops the start with one line. */
public final class EvaluationPolicyException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public EvaluationPolicyException(String message, Throwable cause) {
    super(message, cause);
  }
}
