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
  private final TraceForm form;
  private final ComputedTrace.Kept computed;

  /** A stored row, as read: its trace goes to its ticks computed. */
  Traceable(SimulationRow row) {
    this(row, row.ticksComputed(), null, null, null);
  }

  /**
   * A simulation just created and run, not read back: its row as created (with its inputs, none),
   * the ticks it was stored with, its scenario, already parsed, the form its answer takes, and that
   * answer's trace as computed with the ticks (null when it was too large to keep).
   */
  Traceable(
      SimulationRow row,
      long ticks,
      Scenario scenario,
      TraceForm form,
      ComputedTrace.Kept computed) {
    this.row = row;
    this.ticks = ticks;
    this.scenario = scenario;
    this.form = form;
    this.computed = computed;
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

  /** Whether a create-and-run answers NDJSON (false for a stored simulation). */
  public boolean ndjson() {
    return form != null && form.ndjson();
  }

  /** A create-and-run's answer form; null for a stored simulation. */
  TraceForm form() {
    return form;
  }

  /** A create-and-run's trace as computed, in {@link #form}; null when it must be replayed. */
  ComputedTrace.Kept computed() {
    return computed;
  }
}
