package io.causality.sim.core.events;

import java.util.List;
import java.util.Objects;

/**
 * The events one stored change of a simulation made, in order, and the stream position after them.
 * A change that made more events, or more bytes of them, than a listener may buffer (a long manual
 * step; a step of a simulation of 100,000 agents) is published {@linkplain #complete() incomplete}:
 * without its events, which listeners read back from storage up to {@code until}, so that no such
 * change is ever held in memory whole.
 *
 * <p>{@code follows} is the position the change started from: a listener that is not there yet (a
 * change another instance stored is still on its way to it) reads the gap from storage first. An
 * incomplete batch needs none: everything up to {@code until} is read back anyway.
 */
public record EventBatch(
    EventId follows, List<SimulationEvent> events, EventId until, boolean complete) {
  public EventBatch {
    Objects.requireNonNull(follows, "follows");
    events = List.copyOf(events);
    Objects.requireNonNull(until, "until");
  }

  /**
   * The most a batch may hold: {@code events}, and {@code bytes} of their data (every selection a
   * {@code tick} is written for counted).
   */
  public record Limit(int events, long bytes) {}

  public static EventBatch of(EventId follows, List<SimulationEvent> events, EventId until) {
    return new EventBatch(follows, events, until, true);
  }

  public static EventBatch incomplete(EventId until) {
    return new EventBatch(EventId.before(0), List.of(), until, false);
  }

  /** What it costs a listener's buffer: its events, or one slot for an incomplete batch. */
  public int weight() {
    return complete ? events.size() : 1;
  }
}
