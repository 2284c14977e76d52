package io.causality.sim.engine.model;

import static java.util.Objects.requireNonNull;

import java.util.Collections;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * An agent as a scenario defines it. {@code preferences} maps attractor names to weights, sorted by
 * name; an attractor the agent does not name pulls with the rule {@code defaultAffinity}.
 */
public record AgentSpec(
    String id,
    double x,
    double y,
    double lambda,
    double gamma,
    SortedMap<String, Double> preferences,
    boolean heedsProphecies) {
  /** Policy used when a scenario leaves lambda out. */
  public static final double DEFAULT_LAMBDA = 0.5;

  /** Policy used when a scenario leaves gamma out. */
  public static final double DEFAULT_GAMMA = 0.3;

  public AgentSpec {
    requireNonNull(id, "id");
    preferences = Collections.unmodifiableSortedMap(new TreeMap<>(preferences));
  }
}
