package io.causality.sim.evaluation;

import io.causality.sim.core.GammaWindow;
import io.causality.sim.core.SimulationLoader;
import io.causality.sim.db.SimulationDao;
import io.causality.sim.db.SimulationRow;
import io.causality.sim.engine.core.Simulation;
import io.causality.sim.engine.output.AgentSnapshot;
import io.causality.sim.engine.output.EngineListener;
import io.causality.sim.engine.output.StateSnapshot;
import io.causality.sim.engine.output.Step;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Objects;
import java.util.OptionalDouble;
import java.util.Set;
import org.jdbi.v3.core.Jdbi;

/**
 * Reads a simulation's gamma from what is stored. Each progress stores the gate's window with the
 * simulation ({@link GammaWindow}), so an evaluation reads it from the row, at the same cost for a
 * simulation of a million ticks as for a fresh one. A simulation last advanced before windows were
 * stored has none: then the engine is restored from the latest snapshot before the window and
 * replays the stored inputs from there (the engine is deterministic, so the numbers are the run's),
 * which bounds the cost by the snapshot interval ({@code simulations.snapshotInterval}), and the
 * window found is stored with the row, so that this is paid once per simulation, not per call.
 */
public final class SimulationGammaReader {
  /** How many of the last ticks make the historical window and the trend. */
  public static final int WINDOW = GammaWindow.SIZE;

  private static final Set<String> LIVE = Set.of("free", "held", "straying");

  private final SimulationLoader loader;
  private final Jdbi jdbi;

  public SimulationGammaReader(SimulationLoader loader, Jdbi jdbi) {
    this.loader = Objects.requireNonNull(loader, "loader");
    this.jdbi = Objects.requireNonNull(jdbi, "jdbi");
  }

  public GammaHistory read(SimulationRow row) {
    return GammaWindow.parse(row.gammaWindow())
        .filter(window -> window.covers(row.ticksComputed()))
        .map(window -> stored(row.ticksComputed(), window))
        .orElseGet(() -> replayedAndKept(row));
  }

  /** The history of the stored window; its last point is the simulation's last tick. */
  static GammaHistory stored(long ticksComputed, GammaWindow stored) {
    List<GammaHistory.Point> window = new ArrayList<>(stored.window().size());
    long tick = ticksComputed - stored.window().size();
    for (double gamma : stored.window()) {
      window.add(new GammaHistory.Point(tick++, gamma));
    }
    return new GammaHistory(
        ticksComputed - 1, stored.gamma(), trend(window), window, stored.b(), stored.alive());
  }

  private GammaHistory replayedAndKept(SimulationRow row) {
    GammaHistory history = replayed(row);
    List<Double> gammas = history.window().stream().map(GammaHistory.Point::gamma).toList();
    GammaWindow window = new GammaWindow(history.gamma(), gammas, history.b(), history.alive());
    jdbi.useExtension(
        SimulationDao.class, dao -> dao.fillGammaWindow(row.id(), row.version(), window.json()));
    return history;
  }

  /** The history computed again from the latest snapshot before the window. */
  GammaHistory replayed(SimulationRow row) {
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
