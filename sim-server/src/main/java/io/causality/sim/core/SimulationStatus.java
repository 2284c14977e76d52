package io.causality.sim.core;

import java.util.Locale;

/**
 * Where a simulation is in its life (docs/simulations.md): {@code created} until its first tick,
 * {@code paused} while nothing advances it, {@code running} while it plays, and {@code completed}
 * when every agent is gone or the license's ticks per run are used up.
 */
public enum SimulationStatus {
  CREATED,
  RUNNING,
  PAUSED,
  COMPLETED;

  public String wireName() {
    return name().toLowerCase(Locale.ROOT);
  }

  public static SimulationStatus fromWireName(String name) {
    return valueOf(name.toUpperCase(Locale.ROOT));
  }
}
