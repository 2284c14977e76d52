package io.causality.sim.events;

import io.causality.sim.core.events.EventBatch;
import io.causality.sim.core.events.SimulationEvents;
import io.causality.sim.engine.output.AgentSelection;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.function.Consumer;

/**
 * Who listens to which simulation, and the fan-out of what {@code SimulationPublisher} publishes.
 * Publishing only hands a batch to each stream's bounded queue: it never waits for a client, so a
 * slow one slows neither the simulation nor the other clients.
 */
public final class EventHub implements SimulationEvents {
  private final ConcurrentMap<UUID, Set<EventStream>> listeners = new ConcurrentHashMap<>();
  private final EventBatch.Limit clientBuffer;

  /** {@code clientBuffer}: what one client may fall behind by, so the most a batch may hold. */
  public EventHub(EventBatch.Limit clientBuffer) {
    this.clientBuffer = clientBuffer;
  }

  @Override
  public boolean watched(UUID simulationId) {
    return listeners.containsKey(simulationId);
  }

  @Override
  public EventBatch.Limit batchLimit() {
    return clientBuffer;
  }

  @Override
  public Set<AgentSelection> selections(UUID simulationId) {
    Set<EventStream> streams = listeners.get(simulationId);
    EnumSet<AgentSelection> selections = EnumSet.noneOf(AgentSelection.class);
    if (streams != null) {
      streams.forEach(stream -> selections.add(stream.agents()));
    }
    return selections;
  }

  @Override
  public void publish(UUID simulationId, EventBatch batch) {
    Set<EventStream> streams = listeners.get(simulationId);
    if (streams != null) {
      // encoded here once per selection, not once per client
      Map<AgentSelection, EncodedBatch> encoded = new EnumMap<>(AgentSelection.class);
      streams.forEach(
          stream ->
              stream.offer(
                  encoded.computeIfAbsent(
                      stream.agents(), agents -> EncodedBatch.of(batch, agents))));
    }
  }

  @Override
  public void notice(UUID simulationId, String code, String message) {
    forEach(simulationId, stream -> stream.notice(code, message));
  }

  @Override
  public void ended(UUID simulationId, String code, String message) {
    forEach(simulationId, stream -> stream.end(code, message));
  }

  /** Under the simulation's lock, so the stream hears every change after its position. */
  void add(EventStream stream) {
    // compute keeps an add and the removal of the last listener from racing on the set
    listeners.compute(
        stream.simulationId(),
        (id, set) -> {
          Set<EventStream> streams = set != null ? set : ConcurrentHashMap.newKeySet();
          streams.add(stream);
          return streams;
        });
  }

  void remove(EventStream stream) {
    listeners.computeIfPresent(
        stream.simulationId(),
        (id, set) -> {
          set.remove(stream);
          return set.isEmpty() ? null : set;
        });
  }

  /** The simulations that have listeners now. */
  public Set<UUID> watchedIds() {
    return Set.copyOf(listeners.keySet());
  }

  /** Every open stream, for the shutdown. */
  Set<EventStream> all() {
    Set<EventStream> all = ConcurrentHashMap.newKeySet();
    listeners.values().forEach(all::addAll);
    return all;
  }

  boolean isEmpty() {
    return listeners.isEmpty();
  }

  private void forEach(UUID simulationId, Consumer<EventStream> action) {
    Set<EventStream> streams = listeners.get(simulationId);
    if (streams != null) {
      streams.forEach(action);
    }
  }
}
