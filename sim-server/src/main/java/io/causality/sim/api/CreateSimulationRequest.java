package io.causality.sim.api;

import com.fasterxml.jackson.databind.JsonNode;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.Size;
import java.util.UUID;

/**
 * {@code POST /v1/simulations}: exactly one of {@code scenarioId} or {@code scenario}; {@code
 * seed}, when given, replaces the scenario's (a run of the same scenario with another seed). Seeds
 * stay within I-JSON's exact integers, which every JSON reader (a browser's included) holds
 * exactly.
 */
public record CreateSimulationRequest(
    @Size(max = 100) String scenarioId,
    JsonNode scenario,
    UUID organizationId,
    @Size(max = 32) String engineVersion,
    @Min(-MAX_SEED) @Max(MAX_SEED) Long seed) {
  /** 2^53 - 1. */
  public static final long MAX_SEED = 9_007_199_254_740_991L;

  /** Without a seed of its own: the scenario's. */
  public CreateSimulationRequest(
      String scenarioId, JsonNode scenario, UUID organizationId, String engineVersion) {
    this(scenarioId, scenario, organizationId, engineVersion, null);
  }
}
