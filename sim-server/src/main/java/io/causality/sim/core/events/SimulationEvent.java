package io.causality.sim.core.events;

import io.causality.sim.engine.output.AgentSelection;
import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;

/**
 * One event of a simulation's stream: its id, its SSE event name ({@code tick}, {@code loss},
 * {@code warning}, {@code paradox}, {@code prophecy}, {@code decree}, {@code policy}, {@code
 * simulation:status}) and its JSON data, written once for every listener.
 *
 * <p>A {@code tick} carries agents, so its data is written once per {@link AgentSelection} its
 * listeners asked for ({@code byAgents}); {@code data} is then the first of them (every agent when
 * asked for). Other events have one data for every listener and no {@code byAgents}.
 */
public record SimulationEvent(
    EventId id, String name, String data, Map<AgentSelection, String> byAgents) {
  public SimulationEvent {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(data, "data");
    byAgents = byAgents.isEmpty() ? Map.of() : new EnumMap<>(byAgents);
  }

  /** An event whose data is the same for every listener. */
  public SimulationEvent(EventId id, String name, String data) {
    this(id, name, data, Map.of());
  }

  /** A tick written for each of {@code byAgents}' selections (at least one). */
  static SimulationEvent tick(EventId id, Map<AgentSelection, String> byAgents) {
    return new SimulationEvent(id, "tick", byAgents.values().iterator().next(), byAgents);
  }

  /**
   * The same tick without its data for {@code agents}, which nobody will get from it: it must keep
   * another selection's. Any other event as it is.
   */
  SimulationEvent without(AgentSelection agents) {
    if (!byAgents.containsKey(agents)) {
      return this;
    }
    Map<AgentSelection, String> kept = new EnumMap<>(byAgents);
    kept.remove(agents);
    return tick(id, kept);
  }

  /**
   * The characters of its data, every selection it was written for counted: what it holds in
   * memory, near enough (a JSON text is ASCII but for names).
   */
  public long size() {
    if (byAgents.isEmpty()) {
      return data.length();
    }
    long size = 0;
    for (String written : byAgents.values()) {
      size += written.length();
    }
    return size;
  }

  /** The data a listener that asked for {@code agents} gets. */
  public String data(AgentSelection agents) {
    if (byAgents.isEmpty()) {
      return data;
    }
    String written = byAgents.get(agents);
    if (written == null) {
      throw new IllegalStateException("tick " + id + " was not written with agents=" + agents);
    }
    return written;
  }
}
