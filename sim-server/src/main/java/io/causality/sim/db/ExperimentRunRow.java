package io.causality.sim.db;

import java.util.UUID;

/**
 * One finished run, as stored in its chunk's rows: its outcomes in {@code experiment_chunk_runs}
 * ({@link StoredRuns}), its series in {@code experiment_chunk_series} ({@link StoredSeries}). A
 * failed run ({@code status} {@code failed}) has no outcomes or series, and an {@code error};
 * {@code simulationId} names the kept trace. {@code series} is null in a run read back by {@link
 * StoredRuns}.
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
