package io.causality.sim.db;

import java.time.Instant;
import java.util.UUID;

/**
 * A row of {@code simulations}: what a simulation is made of, and how far it has run. {@code
 * version} counts its changes (each is written only over the version it read); {@code player} is
 * the instance playing it while it runs, else null. {@code gammaWindow} is what the evaluation gate
 * reads of its last ticks ({@code core.GammaWindow}, as JSON); null for a simulation last advanced
 * before windows were stored.
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
    String player,
    String gammaWindow) {}
