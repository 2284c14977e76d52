package io.causality.sim.engine.model;

import java.util.Arrays;
import java.util.Map;
import java.util.Optional;

/** A complete, immutable set of rule values: an engine version's defaults plus overrides. */
public final class Rules {
  private final double[] values;

  private Rules(double[] values) {
    this.values = values;
  }

  /** The defaults of engine version 1.0.0. */
  public static Rules v1Defaults() {
    double[] values = new double[Rule.values().length];
    for (Rule rule : Rule.values()) {
      values[rule.ordinal()] = rule.defaultValue();
    }
    return new Rules(values);
  }

  /** Rules from raw values in {@link Rule} order, as {@link #values()} gave them. */
  public static Rules of(double[] values) {
    if (values.length != Rule.values().length) {
      throw new IllegalArgumentException("expected " + Rule.values().length + " values");
    }
    return new Rules(values.clone());
  }

  public double[] values() {
    return values.clone();
  }

  public double get(Rule rule) {
    return values[rule.ordinal()];
  }

  public boolean flag(Rule rule) {
    return values[rule.ordinal()] != 0;
  }

  public int integer(Rule rule) {
    return (int) values[rule.ordinal()];
  }

  public Rules with(Rule rule, double value) {
    double[] copy = values.clone();
    copy[rule.ordinal()] = value;
    return new Rules(copy);
  }

  public Rules withAll(Map<Rule, Double> overrides) {
    double[] copy = values.clone();
    overrides.forEach((rule, value) -> copy[rule.ordinal()] = value);
    return new Rules(copy);
  }

  public boolean prophecies() {
    return integer(Rule.PROPHECY_INTERVAL) > 0;
  }

  /**
   * The cross-rule check: prophecy work (depth x horizon fork ticks every interval ticks) must stay
   * within {@link Rule#PROPHECY_COST_FACTOR} times the interval.
   */
  public Optional<String> costProblem() {
    int interval = integer(Rule.PROPHECY_INTERVAL);
    long work = (long) integer(Rule.PROPHECY_DEPTH) * integer(Rule.PROPHECY_HORIZON);
    if (interval > 0 && work > (long) Rule.PROPHECY_COST_FACTOR * interval) {
      return Optional.of(
          "prophecyDepth x prophecyHorizon ("
              + work
              + ") must not exceed "
              + Rule.PROPHECY_COST_FACTOR
              + " x prophecyInterval ("
              + (long) Rule.PROPHECY_COST_FACTOR * interval
              + ")");
    }
    return Optional.empty();
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof Rules r && Arrays.equals(values, r.values);
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(values);
  }
}
