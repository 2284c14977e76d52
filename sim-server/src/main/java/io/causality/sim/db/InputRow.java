package io.causality.sim.db;

import java.time.Instant;
import java.util.UUID;

/** A row of {@code simulation_inputs}: one decree or policy change, in submission order. */
public record InputRow(
    UUID simulationId,
    int seq,
    UUID id,
    long tick,
    String kind,
    String type,
    String inputJson,
    Instant createdAt) {}
