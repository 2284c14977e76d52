package io.causality.hitl.protocol.wire;

import java.util.Arrays;
import java.util.Optional;

/** The escalation an evaluation asks for, and what an adaptive evaluator may recommend. */
public enum EscalationType {
  /** A human operator should decide; the only type the coordinator accepts. */
  HUMAN_ESCALATION,
  /** The caller should reformulate its request instead of escalating. */
  REFORMULATE,
  /** No escalation. */
  NONE;

  /** The type named by a wire value, if it is one. */
  public static Optional<EscalationType> fromWire(String value) {
    return Arrays.stream(values()).filter(t -> t.name().equals(value)).findFirst();
  }
}
