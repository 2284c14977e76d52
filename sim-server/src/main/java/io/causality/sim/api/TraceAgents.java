package io.causality.sim.api;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/**
 * The {@code agents} query parameter of traces, create-and-run and event streams: which agents each
 * step or {@code tick} event carries, {@code all}, {@code changed} (status or basin changed during
 * the tick) or {@code none}. Absent: {@code all}, or {@code changed} for a simulation with more
 * agents than its license's tier shows whole (docs/simulations.md, "Agents in traces and events").
 */
public enum TraceAgents {
  ALL,
  CHANGED,
  NONE;

  /** The wire name, which the parameter converter and the OpenAPI enum use. */
  @JsonValue
  @Override
  public String toString() {
    return name().toLowerCase(Locale.ROOT);
  }
}
