package io.causality.sim.engine.adapter;

import com.fasterxml.jackson.databind.JsonNode;
import io.causality.sim.engine.EngineValidationException;
import io.causality.sim.engine.model.Scenario;

/**
 * Translates a domain's own input into an engine scenario. Problems are reported as one {@link
 * EngineValidationException} with paths under {@code input} ({@code input.suppliers[2].capacity}).
 */
public interface DomainAdapter {
  /** The identifier callers pass as {@code domain}, e.g. "supply-chain". */
  String domain();

  /** One line on what the adapter models, for listings. */
  String description();

  Scenario toScenario(JsonNode input);

  /**
   * How many agents the scenario of {@code input} has at most, read without building it: what a
   * create reserves of the heap before it builds ({@code core.WorkingMemory}). An adapter that
   * reads each agent from the input answers 0, as the request's body took that turn; one that makes
   * agents from a count (a region's population) answers that count. Input too broken to tell may
   * answer 0: building it fails before it takes any room.
   */
  default int agentsAtMost(JsonNode input) {
    return 0;
  }
}
