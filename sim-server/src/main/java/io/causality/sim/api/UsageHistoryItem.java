package io.causality.sim.api;

import java.time.Instant;

/** Usage of one billing period. */
public record UsageHistoryItem(
    Instant periodStart, Instant periodEnd, long simulationRuns, long apiCalls, long tickCount) {}
