package io.causality.sim.core.experiments;

/**
 * What one run of an experiment gave: its outcome reporters and collected series (series-major, one
 * array per collected series), or, when the engine failed on it, a message.
 *
 * @param ticksToBreach ticks until b was first below the stability threshold; -1 if never
 * @param series null for a failed run
 * @param error null for a run that finished
 */
public record RunResult(
    int index,
    long seed,
    double finalB,
    int losses,
    int paradoxes,
    long ticksToBreach,
    double[][] series,
    String error) {
  public boolean ok() {
    return error == null;
  }

  static RunResult failed(int index, long seed, String error) {
    return new RunResult(index, seed, 0, 0, 0, -1, null, error);
  }
}
