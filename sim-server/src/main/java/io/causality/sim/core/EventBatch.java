package io.causality.sim.core;

import java.util.List;
import java.util.Objects;

/**
 * The events one stored change of a simulation made, in order, and the stream position after
 * them. A change that made more events than a listener may buffer (a long manual step) is
 * published {@linkplain #complete() incomplete}: without its events, which listeners read back
 * from storage up to {@code until}, so that no such change is ever held in memory whole.
 */
public record EventBatch(List<SimulationEvent> events, EventId until, boolean complete) {
  public EventBatch {
    events = List.copyOf(events);
    Objects.requireNonNull(until, "until");
  }

  public static EventBatch of(List<SimulationEvent> events, EventId until) {
    return new EventBatch(events, until, true);
  }

  public static EventBatch incomplete(EventId until) {
    return new EventBatch(List.of(), until, false);
  }

  /** What it costs a listener's buffer: its events, or one slot for an incomplete batch. */
  public int weight() {
    return complete ? events.size() : 1;
  }
}
