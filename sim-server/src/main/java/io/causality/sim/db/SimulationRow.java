package io.causality.sim.db;

import java.time.Instant;
import java.util.UUID;

/**
 * A row of {@code simulations}: what a simulation is made of, and how far it has run. {@code
 * version} counts its changes (each is written only over the version it read); {@code player} is
 * the instance playing it while it runs, else null.
 */
public record SimulationRow(
    UUID id,
    UUID organizationId,
    String scenarioId,
    String scenarioJson,
    String engineVersion,
    String status,
    long ticksComputed,
    int inputCount,
    double speed,
    String stateJson,
    Instant createdAt,
    Instant updatedAt,
    long version,
    String player) {}
