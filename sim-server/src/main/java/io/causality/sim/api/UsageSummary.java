package io.causality.sim.api;

import java.time.Instant;

/** Usage in the current billing period, beside the license's limits. */
public record UsageSummary(
    long simulationRuns,
    long apiCalls,
    long tickCount,
    Limits limits,
    Instant periodStart,
    Instant periodEnd) {

  /** The quotas that apply to the period. */
  public record Limits(int maxSimulationRuns, int maxTicksPerRun) {}
}
