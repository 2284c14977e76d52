package io.causality.sim.db;

import java.time.Instant;
import java.util.UUID;

/** A row of {@code prophecies}. */
public record ProphecyRow(
    UUID id, UUID simulationId, int seq, long tick, String data, Instant createdAt) {}
