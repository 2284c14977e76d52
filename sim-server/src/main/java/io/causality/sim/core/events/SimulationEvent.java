package io.causality.sim.core.events;

import java.util.Objects;

/**
 * One event of a simulation's stream: its id, its SSE event name ({@code tick}, {@code loss},
 * {@code warning}, {@code paradox}, {@code prophecy}, {@code decree}, {@code policy}, {@code
 * simulation:status}) and its JSON data, written once for every listener.
 */
public record SimulationEvent(EventId id, String name, String data) {
  public SimulationEvent {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(data, "data");
  }
}
