package io.causality.sim.core.organization;

import io.causality.sim.core.errors.QuotaExceededException;

/**
 * The license limits of docs/licensing.md. The run count is taken with a conditional update in the
 * creating transaction ({@link io.causality.sim.db.SimulationWrites}, one statement for every
 * create), so concurrent creates (on any instance) never pass the limit.
 */
public final class Quotas {
  private Quotas() {}

  /** The refusal of a new run when the tier's runs of the period are used up. */
  public static QuotaExceededException runsUsedUp(Tier tier) {
    return new QuotaExceededException(
        "The license allows "
            + tier.maxSimulationRuns()
            + " simulation runs per billing period; they are used up",
        "maxSimulationRuns",
        tier.maxSimulationRuns());
  }

  /** Refuses a step that would take a simulation past the tier's ticks per run. */
  public static void checkTicks(Tier tier, long ticksComputed, long more) {
    if (ticksComputed + more > tier.maxTicksPerRun()) {
      throw new QuotaExceededException(
          "The license allows "
              + tier.maxTicksPerRun()
              + " ticks per simulation; this one is at "
              + ticksComputed,
          "maxTicksPerRun",
          tier.maxTicksPerRun());
    }
  }
}
