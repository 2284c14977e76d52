package io.causality.sim.engine.output;

import java.util.Locale;

/**
 * Which agents each step of a trace (and each SSE {@code tick}) carries: {@code all} of them (the
 * default, and the only form of engine 1.0.0's golden traces), only those whose status or basin
 * {@code changed} during the tick, or {@code none} (b, the counts and the events only). The trace's
 * initial state carries every agent unless {@code none}.
 */
public enum AgentSelection {
  ALL,
  CHANGED,
  NONE;

  /** The wire name: {@code all}, {@code changed}, {@code none}. */
  public String wireName() {
    return name().toLowerCase(Locale.ROOT);
  }
}
