package io.causality.sim.core;

import io.causality.sim.db.SimulationRow;
import java.util.UUID;

/**
 * A stored simulation that has run, whose trace {@link SimulationReader} can write: what the trace
 * and create-and-run endpoints hold between the check and the streamed answer.
 */
public final class Traceable {
  private final SimulationRow row;

  Traceable(SimulationRow row) {
    this.row = row;
  }

  public UUID id() {
    return row.id();
  }

  SimulationRow row() {
    return row;
  }
}
