package io.causality.sim.core;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.causality.sim.api.TraceAgents;
import io.causality.sim.core.organization.Tier;
import io.causality.sim.engine.output.AgentSelection;
import java.util.Arrays;
import java.util.function.Supplier;

/**
 * Which agents a trace or an event stream shows: what the caller asked for, else every agent up to
 * the tier's {@code allAgentsUpTo} and only the changed ones above it (docs/simulations.md).
 */
public final class AgentsShown {
  private static final ObjectMapper JSON = new ObjectMapper();

  /** Below this, every tier shows every agent: no tier needs to be read. */
  private static final int SMALLEST_THRESHOLD =
      Arrays.stream(Tier.values()).mapToInt(t -> t.size().allAgentsUpTo()).min().orElseThrow();

  private AgentsShown() {}

  /**
   * What to show of a simulation of {@code agents} agents; {@code tier} is asked for only when the
   * caller asked nothing and the simulation is larger than the smallest threshold.
   */
  public static AgentSelection resolve(TraceAgents requested, int agents, Supplier<Tier> tier) {
    if (requested != null) {
      return AgentSelection.valueOf(requested.name());
    }
    if (agents <= SMALLEST_THRESHOLD || agents <= tier.get().size().allAgentsUpTo()) {
      return AgentSelection.ALL;
    }
    return AgentSelection.CHANGED;
  }

  /** The agents of a simulation from its stored state: alive, lost and removed. */
  public static int agentsOf(String stateJson) {
    try {
      JsonNode counts = JSON.readTree(stateJson).get("agents");
      return counts.get("alive").asInt()
          + counts.get("lost").asInt()
          + counts.get("removed").asInt();
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("a stored state is not readable", e);
    }
  }
}
