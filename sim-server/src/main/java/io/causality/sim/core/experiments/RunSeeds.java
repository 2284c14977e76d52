package io.causality.sim.core.experiments;

import io.causality.sim.engine.random.SplitMix64;

/**
 * The seed of each replication: replication 0 runs with the combination's own seed (so that it
 * reproduces a simulation of the scenario with that seed), replication r with a seed mixed from
 * that seed and r. Every combination shares the same seeds (common random numbers), so that a
 * difference between combinations comes from their parameters, not from luck.
 */
public final class RunSeeds {
  /** Keeps replication seeds apart from the engine's per-agent streams of the same seed. */
  private static final long SALT = 0x6578706572696D65L; // "experime"

  private RunSeeds() {}

  public static long of(long base, int replication) {
    if (replication == 0) {
      return base;
    }
    return SplitMix64.mix(SplitMix64.mix(base ^ SALT) + replication * SplitMix64.GAMMA);
  }
}
