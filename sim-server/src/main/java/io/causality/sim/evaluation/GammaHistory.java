package io.causality.sim.evaluation;

import java.util.List;
import java.util.OptionalDouble;

/**
 * A simulation's gamma as the gate sees it: the mean {@code gamma} of its live agents (free, held
 * or straying) at its current tick, and over its last ticks.
 *
 * @param tick the last computed tick (-1 before the first)
 * @param gamma the mean gamma of the live agents now; 0 when none is live
 * @param trend gamma's mean change per tick over the window; empty under two points
 * @param window the last ticks' gamma, oldest first
 * @param b the simulation's stability b now
 * @param alive how many agents are live now
 */
public record GammaHistory(
    long tick, double gamma, OptionalDouble trend, List<Point> window, double b, int alive) {

  public GammaHistory {
    window = List.copyOf(window);
  }

  /** Gamma at one tick. */
  public record Point(long tick, double gamma) {}
}
