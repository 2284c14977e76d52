package io.causality.hitl.protocol.wire;

import java.util.Arrays;
import java.util.Optional;

/** The decision of an evaluation response. */
public enum Decision {
  REJECT_STATE,
  REJECT_ACTION,
  PASS;

  /** Only rejections can be overridden by a human. */
  public boolean isOverrideable() {
    return this != PASS;
  }

  /** The decision named by a wire value, if it is one. */
  public static Optional<Decision> fromWire(String value) {
    return Arrays.stream(values()).filter(d -> d.name().equals(value)).findFirst();
  }
}
