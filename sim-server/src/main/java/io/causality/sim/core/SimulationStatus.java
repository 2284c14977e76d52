package io.causality.sim.core;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/**
 * Where a simulation is in its life (docs/simulations.md): {@code created} until its first tick,
 * {@code paused} while nothing advances it, {@code running} while it plays, and {@code completed}
 * when every agent is gone or the license's ticks per run are used up. Its wire name is also its
 * {@code toString}, which the {@code status} query parameter of the list and the OpenAPI enum read.
 */
public enum SimulationStatus {
  CREATED,
  RUNNING,
  PAUSED,
  COMPLETED;

  public String wireName() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** The wire name, which the parameter converter and the OpenAPI enum use. */
  @JsonValue
  @Override
  public String toString() {
    return wireName();
  }

  public static SimulationStatus fromWireName(String name) {
    return valueOf(name.toUpperCase(Locale.ROOT));
  }
}
