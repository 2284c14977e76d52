package io.causality.sim.core.experiments;

import java.util.Arrays;
import java.util.Optional;
import java.util.stream.Collectors;

/** The outcome reporters of a run, taken at its end (docs/experiments.md). */
public enum Outcome {
  /** b after the last tick. */
  FINAL_B("finalB"),
  /** Agents lost over the run. */
  LOSSES("losses"),
  /** Paradoxes (foretold losses that did not happen) over the run. */
  PARADOXES("paradoxes"),
  /** Ticks computed until b was first below the stability threshold; null if it never was. */
  TICKS_TO_BREACH("ticksToBreach");

  private final String wireName;

  Outcome(String wireName) {
    this.wireName = wireName;
  }

  public String wireName() {
    return wireName;
  }

  public static Optional<Outcome> fromWireName(String name) {
    return Arrays.stream(values()).filter(o -> o.wireName.equals(name)).findFirst();
  }

  public static String names() {
    return Arrays.stream(values()).map(Outcome::wireName).collect(Collectors.joining(", "));
  }
}
