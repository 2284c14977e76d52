package io.causality.sim.api;

import com.fasterxml.jackson.databind.JsonNode;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;
import java.util.UUID;

/** {@code POST /v1/simulations/run}: create from a scenario or a domain, and run some ticks. */
public record RunSimulationRequest(
    @Size(max = 100) String scenarioId,
    @Size(max = 64) String domain,
    JsonNode input,
    @NotNull @Min(1) @Max(10_000) Integer ticks,
    UUID organizationId,
    @Size(max = 32) String engineVersion) {}
