package io.causality.sim.evaluation;

import io.causality.sim.core.SimulationLoader;
import io.causality.sim.db.SimulationRow;
import io.causality.sim.engine.core.Simulation;
import io.causality.sim.engine.output.AgentSnapshot;
import io.causality.sim.engine.output.EngineListener;
import io.causality.sim.engine.output.StateSnapshot;
import io.causality.sim.engine.output.Step;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Objects;
import java.util.OptionalDouble;
import java.util.Set;

/**
 * Reads a simulation's gamma from what is stored: the engine is restored from the latest snapshot
 * before the window and replays the stored inputs from there (the engine is deterministic, so the
 * numbers are the run's), keeping the last ticks' mean gamma. The stored state holds only counts,
 * not the agents' gamma, hence the replay; starting at a snapshot bounds its cost by the snapshot
 * interval ({@code simulations.snapshotInterval}) instead of the simulation's whole history.
 */
public final class SimulationGammaReader {
  /** How many of the last ticks make the historical window and the trend. */
  public static final int WINDOW = 10;

  private static final Set<String> LIVE = Set.of("free", "held", "straying");

  private final SimulationLoader loader;

  public SimulationGammaReader(SimulationLoader loader) {
    this.loader = Objects.requireNonNull(loader, "loader");
  }

  public GammaHistory read(SimulationRow row) {
    long windowStart = Math.max(0, row.ticksComputed() - WINDOW);
    // before windowStart, from the nearest snapshot, with the inputs of windowStart queued
    Simulation simulation = loader.atTick(row, windowStart);
    WindowListener listener = new WindowListener();
    simulation.replay(loader.inputsAfter(row, windowStart), row.ticksComputed(), listener);
    StateSnapshot state = simulation.state();
    List<GammaHistory.Point> window = List.copyOf(listener.points);
    return new GammaHistory(
        state.tick(),
        meanLiveGamma(simulation.agents()),
        trend(window),
        window,
        state.b(),
        state.alive());
  }

  /** The mean gamma of live agents; with none live nothing holds order, so 0. */
  static double meanLiveGamma(List<AgentSnapshot> agents) {
    return agents.stream()
        .filter(a -> LIVE.contains(a.status()))
        .mapToDouble(AgentSnapshot::gamma)
        .average()
        .orElse(0);
  }

  /** Mean change per tick from the window's first point to its last. */
  static OptionalDouble trend(List<GammaHistory.Point> window) {
    if (window.size() < 2) {
      return OptionalDouble.empty();
    }
    GammaHistory.Point first = window.get(0);
    GammaHistory.Point last = window.get(window.size() - 1);
    return OptionalDouble.of((last.gamma() - first.gamma()) / (last.tick() - first.tick()));
  }

  /** Keeps the mean live gamma of the last {@link #WINDOW} steps. */
  private static final class WindowListener implements EngineListener {
    private final Deque<GammaHistory.Point> points = new ArrayDeque<>();

    @Override
    public void onStep(Step step) {
      if (points.size() == WINDOW) {
        points.removeFirst();
      }
      points.addLast(new GammaHistory.Point(step.tick(), meanLiveGamma(step.agents())));
    }
  }
}
