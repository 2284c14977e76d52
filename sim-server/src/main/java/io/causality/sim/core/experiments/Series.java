package io.causality.sim.core.experiments;

import io.causality.sim.engine.core.Simulation;
import io.causality.sim.engine.output.StateCounts;
import java.util.Arrays;
import java.util.Optional;
import java.util.stream.Collectors;

/** What an experiment may collect of each run every few ticks (docs/experiments.md). */
public enum Series {
  B("b"),
  ALIVE("alive"),
  HELD("held"),
  STRAYING("straying"),
  FREE("free"),
  LOST("lost"),
  MEAN_GAMMA("meanGamma");

  private final String wireName;

  Series(String wireName) {
    this.wireName = wireName;
  }

  public String wireName() {
    return wireName;
  }

  public static Optional<Series> fromWireName(String name) {
    return Arrays.stream(values()).filter(s -> s.wireName.equals(name)).findFirst();
  }

  /** The names, comma separated, for error messages. */
  public static String names() {
    return Arrays.stream(values()).map(Series::wireName).collect(Collectors.joining(", "));
  }

  /** The series' value now, from the state after the last tick. */
  double read(Simulation simulation, StateCounts state) {
    return switch (this) {
      case B -> state.b();
      case ALIVE -> state.alive();
      case HELD -> state.held();
      case STRAYING -> state.straying();
      case FREE -> state.free();
      case LOST -> state.lost();
      case MEAN_GAMMA -> simulation.meanLiveGamma();
    };
  }
}
