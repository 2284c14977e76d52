package io.causality.sim.core.experiments;

import java.util.List;

/**
 * What an experiment keeps of each run: the {@code series} at every {@code every}-th tick and at
 * the last tick, and the {@code outcomes} at its end.
 */
public record Collect(List<Series> series, int every, List<Outcome> outcomes) {
  /** Most collected ticks per run: a run's series are at most this many values each. */
  public static final int MAX_POINTS = 1_001;

  public Collect {
    series = List.copyOf(series);
    outcomes = List.copyOf(outcomes);
  }

  /**
   * The ticks collected in a run of {@code ticks} ticks: 0, every, 2 x every, ..., and the last
   * tick ({@code ticks - 1}) when it is not among them. The state collected is the one at the end
   * of that tick.
   */
  public static long[] ticks(int ticks, int every) {
    int regular = (ticks - 1) / every + 1;
    boolean lastExtra = (ticks - 1) % every != 0;
    long[] out = new long[regular + (lastExtra ? 1 : 0)];
    for (int k = 0; k < regular; k++) {
      out[k] = (long) k * every;
    }
    if (lastExtra) {
      out[regular] = ticks - 1;
    }
    return out;
  }

  /** How many ticks {@link #ticks} collects. */
  public static int points(int ticks, int every) {
    return (ticks - 1) / every + 1 + ((ticks - 1) % every != 0 ? 1 : 0);
  }
}
