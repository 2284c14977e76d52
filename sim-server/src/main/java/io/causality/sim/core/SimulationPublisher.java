package io.causality.sim.core;

import io.causality.sim.core.events.EventBatch;
import io.causality.sim.core.events.EventId;
import io.causality.sim.core.events.EventPayloads;
import io.causality.sim.core.events.EventRecorder;
import io.causality.sim.core.events.Preludes;
import io.causality.sim.core.events.SimulationEvent;
import io.causality.sim.core.events.SimulationEvents;
import io.causality.sim.core.organization.Caller;
import io.causality.sim.db.SimulationRow;
import io.causality.sim.db.StatusChangeRow;
import io.causality.sim.engine.output.AgentSelection;
import io.causality.sim.engine.output.EngineListener;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.function.BiFunction;

/**
 * Tells {@link SimulationEvents} of every stored change, under the simulation's lock so that
 * listeners hear changes in their order; events are built only for watched simulations. Status
 * changes are journaled with the change, so the event stream can be derived again from storage
 * (docs/simulations.md, "Playback and statuses").
 */
public final class SimulationPublisher {
  /**
   * The events of ticks being computed, for a watched simulation, and the heap they hold until they
   * are published: closed after the change, stored or not.
   */
  record TickEvents(
      EventId from,
      EventRecorder.Collected target,
      EventRecorder recorder,
      WorkingMemory.Reservation heap)
      implements AutoCloseable {
    @Override
    public void close() {
      heap.close();
    }
  }

  private final SimulationAccess access;
  private final LiveSimulations live;
  private final SimulationStore store;
  private final SimulationEvents events;
  private final WorkingMemory memory;

  SimulationPublisher(
      SimulationAccess access,
      LiveSimulations live,
      SimulationStore store,
      SimulationEvents events,
      WorkingMemory memory) {
    this.access = access;
    this.live = live;
    this.store = store;
    this.events = events;
    this.memory = memory;
  }

  /**
   * Under the simulation's lock: the caller may read it, and {@code listen} gets its row and the
   * stream position after its last stored event, so that a listener registered there misses nothing
   * and hears nothing twice.
   */
  public <T> T listen(Caller caller, UUID id, BiFunction<SimulationRow, EventId, T> listen) {
    access.check(caller, id);
    return live.locked(
        id,
        () -> {
          SimulationRow row = access.find(id);
          long tick = row.ticksComputed();
          return listen.apply(row, new EventId(tick, store.preludes(id, tick).count(tick)));
        });
  }

  /**
   * Another instance stored a change of the simulation: this instance's listeners read it from
   * storage. Under the lock, so that a listener registering now misses nothing.
   */
  public void changedElsewhere(UUID id) {
    live.locked(
        id,
        () -> {
          if (events.watched(id)) {
            access
                .stored(id)
                .ifPresentOrElse(
                    row -> {
                      long tick = row.ticksComputed();
                      EventId after = new EventId(tick, store.preludes(id, tick).count(tick));
                      events.publish(id, EventBatch.incomplete(after));
                    },
                    () -> deleted(id));
          }
          return null;
        });
  }

  /**
   * Under the lock, before ticks: records their events when the simulation is watched, in the
   * working memory there is room for at once; past it, its streams read the change back in their
   * turn. The player must not wait for the heap, and must not take it unbounded either: ticks of
   * 100,000 agents played with a stream of every agent ended the packaged heap.
   */
  Optional<TickEvents> recordTicks(LiveSimulations.Live instance, SimulationRow row, int ticks) {
    if (!events.watched(row.id())) {
      return Optional.empty();
    }
    Preludes preludes = preludesBefore(instance, row);
    WorkingMemory.Reservation heap = memory.growable();
    EventRecorder.Collected target =
        new EventRecorder.Collected(
            events.batchLimit(), heap::tryGrowTo, ticks, instance.tickSizes());
    EventId from = new EventId(row.ticksComputed(), preludes.count(row.ticksComputed()));
    EventRecorder recorder = new EventRecorder(preludes, target, selectionsOf(row.id()));
    return Optional.of(new TickEvents(from, target, recorder, heap));
  }

  /** What the listeners asked for; every agent if they have all left meanwhile. */
  private Set<AgentSelection> selectionsOf(UUID id) {
    Set<AgentSelection> selections = events.selections(id);
    return selections.isEmpty() ? Set.of(AgentSelection.ALL) : selections;
  }

  /** What hears the ticks: the prophecies, and their events when recorded. */
  static EngineListener listener(ProphecyCollector prophecies, Optional<TickEvents> recorded) {
    return recorded
        .<EngineListener>map(ticks -> EngineListener.all(prophecies, ticks.recorder()))
        .orElse(prophecies);
  }

  /** The ticks' events, then the status change the last tick made, if any. */
  void publishTicks(UUID id, TickEvents ticks, long toTick, Optional<StatusChangeRow> change) {
    List<SimulationEvent> after =
        change
            .map(
                row ->
                    List.of(
                        new SimulationEvent(
                            new EventId(toTick, 1),
                            EventPayloads.STATUS,
                            EventPayloads.status(row))))
            .orElse(List.of());
    EventId until = after.isEmpty() ? EventId.before(toTick) : after.get(0).id();
    events.publish(id, ticks.target().batch(ticks.from(), after, until));
  }

  /** Under the lock, after a change between ticks was stored: its event is the last there. */
  void publishBetweenTicks(UUID id, long tick) {
    if (events.watched(id)) {
      SimulationEvent event = store.preludes(id, tick).last(tick);
      EventId from = new EventId(tick, event.id().index() - 1);
      events.publish(id, EventBatch.of(from, List.of(event), event.id()));
    }
  }

  /** The simulation was deleted (here or by another instance): its streams end, saying why. */
  void deleted(UUID id) {
    events.ended(id, "DELETED", "The simulation was deleted; there is nothing more to follow");
  }

  /** A player stopped after a failure: its listeners hear why. */
  void playbackFailed(UUID id) {
    events.notice(
        id,
        "PLAYBACK_FAILED",
        "Playback stopped after an internal error; the simulation is paused");
  }

  /** The events before the instance's next tick, read once while it stays in memory. */
  private Preludes preludesBefore(LiveSimulations.Live instance, SimulationRow row) {
    if (instance.preludes() == null) {
      instance.preludes(store.preludes(row.id(), row.ticksComputed()));
    }
    return instance.preludes();
  }
}
