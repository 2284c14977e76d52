package io.causality.sim.engine.model;

import static java.util.Objects.requireNonNull;

/** An attractor: a point of pull whose disc of {@code radius} is its basin. */
public record AttractorSpec(String name, double x, double y, double strength, double radius) {
  public AttractorSpec {
    requireNonNull(name, "name");
  }
}
