package io.causality.sim.core.organization;

import io.causality.sim.db.SimulationWrites;
import io.causality.sim.db.UsageDao;
import java.time.Instant;
import java.util.UUID;
import java.util.function.Supplier;
import org.jdbi.v3.core.Jdbi;

/**
 * The one rule of every write that counts usage (runs and ticks, through {@link SimulationWrites}):
 * the first write of a billing period finds no usage row ({@link
 * SimulationWrites.UsagePeriodMissing}, nothing kept), makes the row in its own short transaction
 * and writes again. Every later write of the period needs no read for it.
 */
public final class UsagePeriods {
  private UsagePeriods() {}

  public static <T> T inPeriod(
      Jdbi jdbi, UUID organization, Instant periodStart, Supplier<T> write) {
    try {
      return write.get();
    } catch (SimulationWrites.UsagePeriodMissing e) {
      BillingPeriods.Period period = BillingPeriods.containing(periodStart);
      jdbi.useExtension(
          UsageDao.class, dao -> dao.ensurePeriod(organization, period.start(), period.end()));
      return write.get();
    }
  }
}
