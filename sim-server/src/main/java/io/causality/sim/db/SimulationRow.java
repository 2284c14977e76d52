package io.causality.sim.db;

import java.time.Instant;
import java.util.UUID;

/**
 * A row of {@code simulations}: what a simulation is made of, and how far it has run. {@code
 * version} counts its changes (each is written only over the version it read); {@code player} is
 * the instance playing it while it runs, else null. {@code gammaWindow} is what the evaluation gate
 * reads of its last ticks ({@code core.GammaWindow}, as JSON); null for a simulation last advanced
 * before windows were stored. {@code scenarioJson} is the scenario's canonical JSON in UTF-8, as it
 * is stored (read it, never change it: at 100,000 agents it is 16 MB, and a text copy of it, made
 * and turned back into bytes for the insert, was two more); null in a row read without it.
 */
public record SimulationRow(
    UUID id,
    UUID organizationId,
    String scenarioId,
    byte[] scenarioJson,
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
