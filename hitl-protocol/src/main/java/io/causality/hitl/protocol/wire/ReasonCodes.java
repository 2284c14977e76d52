package io.causality.hitl.protocol.wire;

/** Known values of an evaluation response's {@code reasonCode}; the set is open. */
public final class ReasonCodes {

  /** The state gate rejected because gamma fell below the policy's floor. */
  public static final String GAMMA_BELOW_FLOOR = "GAMMA_BELOW_FLOOR";

  /** Nothing to report: the evaluation passed. */
  public static final String NONE = "NONE";

  private ReasonCodes() {}
}
