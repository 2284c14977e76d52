package io.causality.sim.db;

import java.time.Instant;
import java.util.UUID;

/** A row of {@code experiment_events}: the {@code seq}-th event of an experiment, as sent. */
public record ExperimentEventRow(
    UUID experimentId, long seq, String name, String data, Instant createdAt) {}
