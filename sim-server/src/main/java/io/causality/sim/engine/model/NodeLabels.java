package io.causality.sim.engine.model;

import static java.util.Objects.requireNonNull;

/** Human-readable names of the state axes. */
public record NodeLabels(String x, String y) {
  public static final NodeLabels DEFAULT = new NodeLabels("x", "y");

  public NodeLabels {
    requireNonNull(x, "x");
    requireNonNull(y, "y");
  }
}
