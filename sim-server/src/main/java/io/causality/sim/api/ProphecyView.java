package io.causality.sim.api;

import java.time.Instant;
import java.util.UUID;

/** A prophecy the engine published; {@code data}'s shape is its engine version's. */
public record ProphecyView(
    UUID id, UUID simulationId, long tick, RawJson data, Instant createdAt) {}
