package io.causality.sim.core.events;

import io.causality.sim.api.RawJson;
import io.causality.sim.db.InputRow;
import io.causality.sim.engine.output.EngineEvent;
import io.causality.sim.engine.output.EngineListener;
import io.causality.sim.engine.output.InputApplied;
import io.causality.sim.engine.output.Step;
import java.util.ArrayList;
import java.util.List;

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
  private long tick = -1;
  private int index;
  private int applied;
  private boolean open = true;

  public EventRecorder(Preludes preludes, Target target) {
    this.preludes = preludes;
    this.target = target;
  }

  /** Keeps events in memory, up to {@code limit}; past it, the batch is incomplete. */
  public static final class Collected implements Target {
    private final int limit;
    private final List<SimulationEvent> events = new ArrayList<>();
    private boolean overflowed;

    public Collected(int limit) {
      this.limit = limit;
    }

    @Override
    public boolean accept(SimulationEvent event) {
      if (events.size() >= limit) {
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
      if (overflowed || events.size() + after.size() > limit) {
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
  public void onStep(Step step) {
    at(step.tick());
    if (open) {
      emit("tick", RawJson.of(step::writeTickPayload).json());
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
