package io.causality.sim.core;

import io.causality.sim.db.UsageDao;
import io.causality.sim.errors.QuotaExceededException;
import java.time.Instant;
import java.util.UUID;
import org.jdbi.v3.core.Handle;

/**
 * The license limits of docs/licensing.md. The run count is taken with a conditional update in the
 * creating transaction, so concurrent creates (on any instance) never pass the limit.
 */
public final class Quotas {
  private Quotas() {}

  /**
   * Counts one run in the period, or refuses when the tier's runs are used up. The period's row
   * must exist ({@link UsageDao#ensurePeriod}); {@code handle} is the creating transaction.
   */
  public static void takeRun(Handle handle, UUID organizationId, Tier tier, Instant now) {
    BillingPeriods.Period period = BillingPeriods.containing(now);
    UsageDao usage = handle.attach(UsageDao.class);
    if (usage.takeRun(organizationId, period.start(), tier.maxSimulationRuns()) == 0) {
      throw new QuotaExceededException(
          "The license allows "
              + tier.maxSimulationRuns()
              + " simulation runs per billing period; they are used up",
          "maxSimulationRuns",
          tier.maxSimulationRuns());
    }
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
