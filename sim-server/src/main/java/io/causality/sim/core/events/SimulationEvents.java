package io.causality.sim.core.events;

import io.causality.sim.engine.output.AgentSelection;
import java.util.Set;
import java.util.UUID;

/**
 * Where {@code core.SimulationPublisher} tells what happened to simulations; the event streams
 * listen here, so that the core knows nothing of SSE.
 *
 * <p>{@link #publish} and {@link #notice} are called under the simulation's lock, after the change
 * is stored, in the order of the changes: they must never block.
 */
public interface SimulationEvents {
  /** Nobody listens: no event is ever built. */
  SimulationEvents NONE =
      new SimulationEvents() {
        @Override
        public boolean watched(UUID simulationId) {
          return false;
        }

        @Override
        public EventBatch.Limit batchLimit() {
          return new EventBatch.Limit(0, 0);
        }

        @Override
        public Set<AgentSelection> selections(UUID simulationId) {
          return Set.of();
        }

        @Override
        public void publish(UUID simulationId, EventBatch batch) {
          // nobody to tell
        }

        @Override
        public void notice(UUID simulationId, String code, String message) {
          // nobody to tell
        }

        @Override
        public void ended(UUID simulationId, String code, String message) {
          // nobody to tell
        }
      };

  /** Whether anyone listens to the simulation; when not, events are not even built. */
  boolean watched(UUID simulationId);

  /**
   * The agents the simulation's listeners asked to see in {@code tick} events: each tick is written
   * once per selection; empty when nobody listens.
   */
  Set<AgentSelection> selections(UUID simulationId);

  /**
   * The most a batch may carry, in events and in bytes; a change that makes more is published
   * incomplete.
   */
  EventBatch.Limit batchLimit();

  void publish(UUID simulationId, EventBatch batch);

  /** A problem listeners should hear of that is not an event of the stream (not numbered). */
  void notice(UUID simulationId, String code, String message);

  /**
   * The simulation is gone (deleted): listeners hear why, as an error that is not an event, and
   * their streams end.
   */
  void ended(UUID simulationId, String code, String message);
}
