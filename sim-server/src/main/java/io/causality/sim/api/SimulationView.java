package io.causality.sim.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.time.Instant;
import java.util.UUID;

/** A simulation as list and get show it. */
public record SimulationView(
    UUID id,
    @JsonInclude(JsonInclude.Include.ALWAYS) String scenarioId,
    String engineVersion,
    UUID organizationId,
    String status,
    long ticks,
    RawJson state,
    Instant createdAt) {}
