package io.causality.sim.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.time.Instant;
import java.util.UUID;

/**
 * A simulation as list and get show it; {@code label} and {@code note} are what its owners wrote of
 * it ({@code PATCH}), null when nothing.
 */
public record SimulationView(
    UUID id,
    @JsonInclude(JsonInclude.Include.ALWAYS) String scenarioId,
    String engineVersion,
    UUID organizationId,
    String status,
    long ticks,
    RawJson state,
    Instant createdAt,
    @JsonInclude(JsonInclude.Include.ALWAYS) String label,
    @JsonInclude(JsonInclude.Include.ALWAYS) String note) {}
