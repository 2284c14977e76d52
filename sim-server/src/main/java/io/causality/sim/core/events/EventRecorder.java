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

  /** Keeps events in memory, up to a limit; past it, the batch is incomplete. */
  public static final class Collected implements Target {
    private final EventBatch.Limit limit;
    private final List<SimulationEvent> events = new ArrayList<>();
    private long bytes;
    private boolean overflowed;

    public Collected(EventBatch.Limit limit) {
      this.limit = limit;
    }

    @Override
    public boolean accept(SimulationEvent event) {
      bytes += event.size();
      if (events.size() >= limit.events() || bytes > limit.bytes()) {
        overflowed = true;
        events.clear();
        return false;
      }
      events.add(event);
      return true;
    }

    /**
     * The collected events then {@code after}, following position {@code follows}, or incomplete
     * when they exceed the limit.
     */
    public EventBatch batch(EventId follows, List<SimulationEvent> after, EventId until) {
      if (overflowed || events.size() + after.size() > limit.events()) {
        return EventBatch.incomplete(until);
      }
      List<SimulationEvent> all = new ArrayList<>(events);
      all.addAll(after);
      return EventBatch.of(follows, all, until);
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
    if (open) {
      Map<AgentSelection, String> byAgents = new EnumMap<>(AgentSelection.class);
      for (AgentSelection selection : selections) {
        byAgents.put(selection, RawJson.of(gen -> step.writeTickPayload(gen, selection)).json());
      }
      index++;
      open = target.accept(SimulationEvent.tick(new EventId(tick, index), byAgents));
    }
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
