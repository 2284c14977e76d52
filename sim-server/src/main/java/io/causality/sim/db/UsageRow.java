package io.causality.sim.db;

import java.time.Instant;
import java.util.UUID;

/** A row of {@code usage_periods}: one organization's usage in one billing period. */
public record UsageRow(
    UUID organizationId,
    Instant periodStart,
    Instant periodEnd,
    long simulationRuns,
    long apiCalls,
    long tickCount) {}
