package io.causality.sim.engine.model;

import io.causality.sim.engine.json.Num;
import java.util.Arrays;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The simulation rules a scenario may override and a {@code rule.set} decree may change. Values are
 * held as doubles; a boolean rule is 0 or 1, an integer rule a whole number. The defaults listed
 * here are those of engine version 1.0.0.
 */
public enum Rule {
  ZERO_SUM_ATTRACTOR_CAPTURE("zeroSumAttractorCapture", Kind.BOOLEAN, 0, 1, 0),
  POINT_OF_RETURN("pointOfReturn", Kind.NUMBER, 1, 10, 1.5),
  MAX_SPEED("maxSpeed", Kind.NUMBER, 0.01, 1000, 5),
  DEFAULT_AFFINITY("defaultAffinity", Kind.NUMBER, 0, 100, 1),
  STABILITY_THRESHOLD("stabilityThreshold", Kind.NUMBER, 0, 1, 0.3),
  GAMMA_FLOOR("gammaFloor", Kind.NUMBER, 0, 1, 0.05),
  GAMMA_WARNING_MARGIN("gammaWarningMargin", Kind.NUMBER, 0, 1, 0.05),
  GAMMA_EROSION("gammaErosion", Kind.NUMBER, 0, 1, 0),
  LOSS_CONTAGION("lossContagion", Kind.NUMBER, 0, 10, 0),
  PROPHECY_INTERVAL("prophecyInterval", Kind.INTEGER, 0, 100_000, 100),
  PROPHECY_HORIZON("prophecyHorizon", Kind.INTEGER, 1, 500, 25),
  PROPHECY_DEPTH("prophecyDepth", Kind.INTEGER, 1, 5, 3),
  PROPHECY_REACTION("prophecyReaction", Kind.NUMBER, 0, 1, 0.2);

  /** How a rule's value is read from and written to JSON. */
  public enum Kind {
    BOOLEAN,
    NUMBER,
    INTEGER
  }

  /** Prophecy work per tick is bounded: depth x horizon may not exceed this x interval. */
  public static final int PROPHECY_COST_FACTOR = 8;

  private final String jsonName;
  private final Kind kind;
  private final double min;
  private final double max;
  private final double defaultValue;

  Rule(String jsonName, Kind kind, double min, double max, double defaultValue) {
    this.jsonName = jsonName;
    this.kind = kind;
    this.min = min;
    this.max = max;
    this.defaultValue = defaultValue;
  }

  public String jsonName() {
    return jsonName;
  }

  public Kind kind() {
    return kind;
  }

  public double min() {
    return min;
  }

  public double max() {
    return max;
  }

  public double defaultValue() {
    return defaultValue;
  }

  public static Optional<Rule> byName(String name) {
    return Arrays.stream(values()).filter(r -> r.jsonName.equals(name)).findFirst();
  }

  /** The rule names, comma separated, for error messages. */
  public static String names() {
    return Arrays.stream(values()).map(Rule::jsonName).collect(Collectors.joining(", "));
  }

  /** What a valid value looks like, for error messages. */
  public String expectation() {
    return switch (kind) {
      case BOOLEAN -> "must be a boolean";
      case INTEGER -> "must be an integer between " + (long) min + " and " + (long) max;
      case NUMBER -> "must be a number between " + Num.format(min) + " and " + Num.format(max);
    };
  }
}
