package io.causality.sim.db;

import java.util.UUID;

/**
 * A row of {@code experiment_runs}: one finished run. A failed run ({@code status} {@code failed})
 * has no outcomes or series, and an {@code error}; {@code simulationId} names the kept trace.
 * {@code series} is stored with its chunk's ({@link StoredSeries}), not in the run's row, and is
 * null in a row read back.
 *
 * @param ticksToBreach null when b never fell below the threshold
 */
public record ExperimentRunRow(
    UUID experimentId,
    int runIndex,
    String status,
    long seed,
    Double finalB,
    Integer losses,
    Integer paradoxes,
    Long ticksToBreach,
    byte[] series,
    UUID simulationId,
    String error) {}
