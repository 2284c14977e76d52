package io.causality.sim.db;

import java.time.Instant;
import java.util.UUID;

/**
 * What the API shows of a simulation: its row without the scenario it was made from, with the name
 * and note its owners gave it (null when none).
 */
public record SimulationSummary(
    UUID id,
    UUID organizationId,
    String scenarioId,
    String engineVersion,
    String status,
    long ticksComputed,
    String stateJson,
    Instant createdAt,
    String label,
    String note) {}
