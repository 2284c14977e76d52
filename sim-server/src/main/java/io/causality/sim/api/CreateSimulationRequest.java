package io.causality.sim.api;

import com.fasterxml.jackson.databind.JsonNode;
import jakarta.validation.constraints.Size;
import java.util.UUID;

/** {@code POST /v1/simulations}: exactly one of {@code scenarioId} or {@code scenario}. */
public record CreateSimulationRequest(
    @Size(max = 100) String scenarioId,
    JsonNode scenario,
    UUID organizationId,
    @Size(max = 32) String engineVersion) {}
