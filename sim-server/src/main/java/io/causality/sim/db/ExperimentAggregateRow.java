package io.causality.sim.db;

import java.util.UUID;

/**
 * A row of {@code experiment_aggregates}: the statistics of one series of one combination, one row
 * of doubles per statistic ({@code core.experiments.SeriesCodec}).
 */
public record ExperimentAggregateRow(
    UUID experimentId, int combination, String series, byte[] stats) {}
