package io.causality.sim.engine.input;

import static java.util.Objects.requireNonNull;

/**
 * An input tagged with the tick at which it applies. Persisting the scheduled inputs of a
 * simulation, in order, is enough to rebuild it byte for byte.
 */
public record ScheduledInput(long tick, EngineInput input) {
  public ScheduledInput {
    requireNonNull(input, "input");
    if (tick < 0) {
      throw new IllegalArgumentException("tick must not be negative: " + tick);
    }
  }
}
