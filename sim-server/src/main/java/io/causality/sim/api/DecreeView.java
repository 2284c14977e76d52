package io.causality.sim.api;

import java.time.Instant;
import java.util.UUID;

/** A decree, with the tick at which it applies. */
public record DecreeView(
    UUID id, UUID simulationId, String type, RawJson payload, long tick, Instant createdAt) {}
