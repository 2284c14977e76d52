package io.causality.sim.core.events;

import io.causality.sim.engine.output.AgentSelection;
import java.util.EnumSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

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
 *
 * <p>A complete batch may still be incomplete for some selections of agents ({@code cut}): its
 * {@code tick}s of every agent outgrew a listener's buffer, or the heap there was room for, while
 * those of changed agents did not. Listeners of a cut selection read the change back; the others
 * get its events.
 */
public record EventBatch(
    EventId follows,
    List<SimulationEvent> events,
    EventId until,
    boolean complete,
    Set<AgentSelection> cut) {
  public EventBatch {
    Objects.requireNonNull(follows, "follows");
    events = List.copyOf(events);
    Objects.requireNonNull(until, "until");
    cut = cut.isEmpty() ? Set.of() : EnumSet.copyOf(cut);
  }

  /**
   * The most a batch may hold: {@code events}, and {@code bytes} of their data (every selection a
   * {@code tick} is written for counted).
   */
  public record Limit(int events, long bytes) {}

  public static EventBatch of(EventId follows, List<SimulationEvent> events, EventId until) {
    return of(follows, events, until, Set.of());
  }

  /** A batch whose ticks were not kept for the {@code cut} selections. */
  public static EventBatch of(
      EventId follows, List<SimulationEvent> events, EventId until, Set<AgentSelection> cut) {
    return new EventBatch(follows, events, until, true, cut);
  }

  public static EventBatch incomplete(EventId until) {
    return new EventBatch(EventId.before(0), List.of(), until, false, Set.of());
  }

  /** Whether its events are all here for listeners that asked for {@code agents}. */
  public boolean completeFor(AgentSelection agents) {
    return complete && !cut.contains(agents);
  }

  /** What it costs a listener's buffer: its events, or one slot for an incomplete batch. */
  public int weight() {
    return complete ? events.size() : 1;
  }
}
