package io.causality.sim.core;

import io.causality.sim.db.SimulationRow;
import io.causality.sim.engine.model.Scenario;
import java.util.UUID;

/**
 * A stored simulation that has run, whose trace {@link SimulationReader} can write: what the trace
 * and create-and-run endpoints hold between the check and the streamed answer.
 */
public final class Traceable {
  private final SimulationRow row;
  private final long ticks;
  private final Scenario scenario;

  /** A stored row, as read: its trace goes to its ticks computed. */
  Traceable(SimulationRow row) {
    this(row, row.ticksComputed(), null);
  }

  /**
   * A simulation just created and run, not read back: its row as created (with its inputs, none),
   * the ticks it was stored with, and its scenario, already parsed.
   */
  Traceable(SimulationRow row, long ticks, Scenario scenario) {
    this.row = row;
    this.ticks = ticks;
    this.scenario = scenario;
  }

  public UUID id() {
    return row.id();
  }

  SimulationRow row() {
    return row;
  }

  /** The ticks computed, the end of the whole trace. */
  long ticks() {
    return ticks;
  }

  /** The scenario when already parsed, else null: it is then parsed from the row. */
  Scenario scenario() {
    return scenario;
  }
}
