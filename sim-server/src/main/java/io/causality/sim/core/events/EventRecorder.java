package io.causality.sim.core.events;

import io.causality.sim.api.RawJson;
import io.causality.sim.db.InputRow;
import io.causality.sim.engine.output.AgentSelection;
import io.causality.sim.engine.output.EngineEvent;
import io.causality.sim.engine.output.EngineListener;
import io.causality.sim.engine.output.InputApplied;
import io.causality.sim.engine.output.Step;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Numbers and writes the events of computed ticks in the engine's order (docs/engine.md, "Events of
 * a tick"): the inputs applied, the tick, losses, the warning, paradoxes, the prophecy. A tick's
 * events are numbered after the events made before it ({@link Preludes}).
 */
public final class EventRecorder implements EngineListener {
  /** Where numbered events go; {@code false} when it takes no more. */
  @FunctionalInterface
  public interface Target {
    boolean accept(SimulationEvent event);

    /**
     * Whether to write the next tick for {@code agents}, {@code count} of them, at all: a target
     * that has no room for that selection refuses it, and is asked for it no more.
     */
    default boolean takes(AgentSelection agents, int count) {
      return true;
    }
  }

  /** Heap a collection of events may take: holds {@code bytes} in all if there is room now. */
  @FunctionalInterface
  public interface Room {
    Room UNBOUNDED = bytes -> true;

    boolean growTo(long bytes);
  }

  private final Preludes preludes;
  private final Target target;
  private final Set<AgentSelection> selections;
  private final Set<AgentSelection> wanted;
  private long tick = -1;
  private int index;
  private int applied;
  private boolean open = true;

  /** Records ticks with every agent, as before listeners could choose. */
  public EventRecorder(Preludes preludes, Target target) {
    this(preludes, target, Set.of(AgentSelection.ALL));
  }

  /**
   * Records each {@code tick} event once per selection its listeners asked for ({@code selections},
   * at least one).
   */
  public EventRecorder(Preludes preludes, Target target, Set<AgentSelection> selections) {
    if (selections.isEmpty()) {
      throw new IllegalArgumentException("a recorder writes ticks for some selection");
    }
    this.preludes = preludes;
    this.target = target;
    this.selections = EnumSet.copyOf(selections);
    this.wanted = EnumSet.copyOf(selections);
    this.wanted.remove(AgentSelection.NONE);
  }

  /**
   * Keeps events in memory, up to a limit per selection of agents, in heap it has {@link Room} for;
   * past either, the batch is incomplete for that selection, or for every one past the limit of
   * events. Its listeners then read the change back from storage, in their turn for the heap.
   *
   * <p>A selection whose ticks will not fit is refused before its first tick is written: the size
   * of the simulation's last ticks ({@link TickSizes}) foresees the change's. A player's change of
   * three ticks of 100,000 agents would otherwise write its first tick of every agent (17.7 MB),
   * forty times a second, only to drop it at the second.
   */
  public static final class Collected implements Target {
    /** Heap per byte of a tick being written: the writer's buffer as it doubles, then the text. */
    static final int HEAP_WHILE_WRITTEN = 3;

    /** Heap per byte of a kept event until its streams have it: the text, then its frame. */
    static final int HEAP_WHILE_KEPT = 2;

    private final EventBatch.Limit limit;
    private final Room room;
    private final long ticks;
    private final TickSizes sizes;
    private final List<SimulationEvent> events = new ArrayList<>();
    private final Map<AgentSelection, Long> tickBytes = new EnumMap<>(AgentSelection.class);
    private final Map<AgentSelection, Integer> writing = new EnumMap<>(AgentSelection.class);
    private final Set<AgentSelection> cut = EnumSet.noneOf(AgentSelection.class);
    private long ticksSeen;
    private long sharedBytes;
    private long keptBytes;
    private boolean overflowed;

    /** Keeps the events of one tick up to {@code limit}, in heap without bound: tests. */
    public Collected(EventBatch.Limit limit) {
      this(limit, Room.UNBOUNDED, 1, new TickSizes());
    }

    /**
     * Keeps the events of a change of {@code ticks} up to {@code limit} in the heap {@code room}
     * has, foreseeing its ticks by the simulation's {@code sizes}.
     */
    public Collected(EventBatch.Limit limit, Room room, long ticks, TickSizes sizes) {
      this.limit = limit;
      this.room = room;
      this.ticks = ticks;
      this.sizes = sizes;
    }

    @Override
    public boolean takes(AgentSelection agents, int count) {
      if (overflowed || cut.contains(agents)) {
        return false;
      }
      long next = sizes.estimate(agents, count);
      long foreseen =
          tickBytes.getOrDefault(agents, 0L) + sharedBytes + next * Math.max(1, ticks - ticksSeen);
      if (foreseen <= limit.bytes()
          && room.growTo(keptBytes * HEAP_WHILE_KEPT + next * HEAP_WHILE_WRITTEN)) {
        writing.put(agents, count);
        return true;
      }
      cutOff(agents);
      return false;
    }

    @Override
    public boolean accept(SimulationEvent event) {
      if (overflowed) {
        return false;
      }
      if (events.size() >= limit.events()) {
        overflow();
        return false;
      }
      keptBytes += event.size();
      if (event.byAgents().isEmpty()) {
        sharedBytes += event.size();
      } else {
        ticksSeen++;
      }
      event
          .byAgents()
          .forEach(
              (agents, data) -> {
                tickBytes.merge(agents, (long) data.length(), Long::sum);
                sizes.wrote(agents, writing.getOrDefault(agents, 0), data.length());
              });
      events.add(event);
      for (Map.Entry<AgentSelection, Long> selection : tickBytes.entrySet()) {
        if (!cut.contains(selection.getKey())
            && selection.getValue() + sharedBytes > limit.bytes()) {
          cutOff(selection.getKey());
        }
      }
      if (!overflowed && !room.growTo(keptBytes * HEAP_WHILE_KEPT)) {
        overflow();
      }
      return !overflowed;
    }

    /**
     * The collected events then {@code after}, following position {@code follows}, or incomplete
     * when they exceed the limit; incomplete too for each selection that was cut.
     */
    public EventBatch batch(EventId follows, List<SimulationEvent> after, EventId until) {
      if (overflowed || events.size() + after.size() > limit.events()) {
        return EventBatch.incomplete(until);
      }
      List<SimulationEvent> all = new ArrayList<>(events);
      all.addAll(after);
      return EventBatch.of(follows, all, until, cut);
    }

    /**
     * Nobody who asked for {@code agents} gets this change's ticks from memory, so they go; when a
     * tick was written for nobody else, nobody gets the change from memory.
     */
    private void cutOff(AgentSelection agents) {
      cut.add(agents);
      keptBytes -= tickBytes.getOrDefault(agents, 0L);
      for (SimulationEvent event : events) {
        if (event.byAgents().keySet().equals(Set.of(agents))) {
          overflow();
          return;
        }
      }
      events.replaceAll(event -> event.without(agents));
    }

    private void overflow() {
      overflowed = true;
      events.clear();
    }
  }

  /** Once the target is full, the engine need not even build steps. */
  @Override
  public boolean wantsSteps() {
    return open;
  }

  @Override
  public Set<AgentSelection> agentsWanted() {
    return wanted;
  }

  @Override
  public void onStep(Step step) {
    at(step.tick());
    if (!open) {
      return;
    }
    Map<AgentSelection, String> byAgents = new EnumMap<>(AgentSelection.class);
    for (AgentSelection selection : EnumSet.copyOf(selections)) {
      if (target.takes(selection, step.agents(selection).size())) {
        byAgents.put(selection, RawJson.of(gen -> step.writeTickPayload(gen, selection)).json());
      } else {
        // the engine need not build this selection's agents any more
        selections.remove(selection);
        wanted.remove(selection);
      }
    }
    index++;
    open =
        !byAgents.isEmpty()
            && target.accept(SimulationEvent.tick(new EventId(tick, index), byAgents));
  }

  @Override
  public void onEvent(EngineEvent event) {
    at(event.tick());
    if (!open) {
      return;
    }
    if (event instanceof InputApplied) {
      InputRow row = preludes.inputsAt(tick).get(applied++);
      emit(row.kind(), EventPayloads.input(EventPayloads.APPLIED, row));
    } else {
      emit(event.eventName(), RawJson.of(event::writeJson).json());
    }
  }

  private void at(long eventTick) {
    if (eventTick != tick) {
      tick = eventTick;
      index = preludes.count(eventTick);
      applied = 0;
    }
  }

  private void emit(String name, String data) {
    if (open) {
      index++;
      open = target.accept(new SimulationEvent(new EventId(tick, index), name, data));
    }
  }
}
