package io.causality.sim.db;

import java.time.Instant;
import java.util.UUID;

/** What the API shows of a simulation: its row without the scenario it was made from. */
public record SimulationSummary(
    UUID id,
    UUID organizationId,
    String scenarioId,
    String engineVersion,
    String status,
    long ticksComputed,
    String stateJson,
    Instant createdAt) {}
