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
}
