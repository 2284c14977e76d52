package io.causality.sim.core;

import io.causality.sim.db.TickSnapshot;
import io.causality.sim.engine.core.Simulation;
import io.causality.sim.engine.output.EngineListener;
import java.util.ArrayList;
import java.util.List;

/**
 * The ticks of one advance (a step, a player's batch, a create-and-run), computed in segments: it
 * takes a snapshot at every multiple of the snapshot interval it reaches, so that a 10,000-tick
 * step leaves snapshots 1,000 ticks apart as ten shorter steps would (docs/simulations.md,
 * "Snapshots"), and keeps the mean live gamma after each of its last ticks ({@link GammaWindow}).
 * What a tick computes does not depend on how the ticks are grouped.
 *
 * @param gammas the mean live gamma after each of the last ticks, at most {@link GammaWindow#SIZE}
 * @param snapshots in tick order
 */
record TickRun(List<Double> gammas, List<TickSnapshot> snapshots) {
  /** Advances {@code simulation} by {@code ticks}, telling {@code listener} of each. */
  static TickRun advance(
      Simulation simulation, long ticks, int snapshotInterval, EngineListener listener) {
    long end = simulation.nextTick() + ticks;
    long windowFrom = end - Math.min(ticks, GammaWindow.SIZE);
    List<Double> gammas = new ArrayList<>(GammaWindow.SIZE);
    List<TickSnapshot> snapshots = new ArrayList<>();
    while (simulation.nextTick() < end) {
      long tick = simulation.nextTick();
      long stop =
          tick >= windowFrom
              ? tick + 1
              : Math.min(windowFrom, nextMultiple(tick, snapshotInterval));
      simulation.advance(stop - tick, listener);
      if (stop > windowFrom) {
        gammas.add(simulation.meanLiveGamma());
      }
      if (stop % snapshotInterval == 0) {
        snapshots.add(new TickSnapshot(stop, simulation.snapshot()));
      }
    }
    return new TickRun(gammas, snapshots);
  }

  private static long nextMultiple(long tick, int interval) {
    return (tick / interval + 1) * interval;
  }
}
