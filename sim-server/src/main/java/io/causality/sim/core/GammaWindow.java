package io.causality.sim.core;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.causality.sim.engine.core.Simulation;
import io.causality.sim.engine.output.StateSnapshot;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What the evaluation gate reads of a simulation, kept with each stored progress ({@code
 * simulations.gamma_window}) so that an evaluation reads one row instead of replaying ticks: the
 * mean gamma of the live agents now and at each of the last {@link #SIZE} ticks (oldest first, the
 * last at the simulation's last tick), and b and the live count now. The numbers are the engine's
 * exact doubles: the stored state rounds b to six decimals, and an evaluation must give the numbers
 * of the run.
 *
 * @param gamma the mean gamma of the live agents now ({@link Simulation#meanLiveGamma})
 * @param window the mean live gamma of the last ticks, oldest first; at most {@link #SIZE}
 * @param b the simulation's stability b now
 * @param alive how many agents are live now
 */
public record GammaWindow(double gamma, List<Double> window, double b, int alive) {
  /** How many of the last ticks make the window (the trend is taken over them). */
  public static final int SIZE = 10;

  private static final ObjectMapper JSON = new ObjectMapper();

  public GammaWindow {
    window = List.copyOf(window);
    if (window.size() > SIZE) {
      throw new IllegalArgumentException("a window holds at most " + SIZE + " ticks");
    }
  }

  /** The window of a simulation before its first tick: nothing computed yet. */
  static GammaWindow initial(Simulation simulation) {
    return now(simulation, List.of());
  }

  /**
   * The window after {@code latest} (from {@link TickRun#advance}) followed {@code before}, the
   * window stored at {@code ticksBefore} (JSON, read only when the latest ticks are fewer than a
   * window); empty when the ticks kept are too few and {@code before} is unknown (a simulation
   * stored before windows were), so that readers replay instead.
   */
  static Optional<GammaWindow> after(
      String before, long ticksBefore, List<Double> latest, Simulation simulation) {
    if (latest.size() == SIZE || ticksBefore == 0) {
      return Optional.of(now(simulation, latest));
    }
    return parse(before)
        .filter(window -> window.covers(ticksBefore))
        .map(window -> now(simulation, lastOf(window.window, latest)));
  }

  /** Whether this window is whole for a simulation that has computed {@code ticksComputed}. */
  public boolean covers(long ticksComputed) {
    return window.size() == Math.min(SIZE, ticksComputed);
  }

  /** The stored form; null (no window) reads as empty. */
  public static Optional<GammaWindow> parse(String json) {
    if (json == null) {
      return Optional.empty();
    }
    try {
      return Optional.of(JSON.readValue(json, GammaWindow.class));
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("a stored gamma window is not readable", e);
    }
  }

  public String json() {
    try {
      return JSON.writeValueAsString(this);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("a gamma window cannot be written", e);
    }
  }

  private static GammaWindow now(Simulation simulation, List<Double> window) {
    StateSnapshot state = simulation.state();
    return new GammaWindow(simulation.meanLiveGamma(), window, state.b(), state.alive());
  }

  private static List<Double> lastOf(List<Double> earlier, List<Double> later) {
    List<Double> joined = new ArrayList<>(earlier);
    joined.addAll(later);
    return joined.subList(Math.max(0, joined.size() - SIZE), joined.size());
  }
}
