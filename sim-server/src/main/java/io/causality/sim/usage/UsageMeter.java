package io.causality.sim.usage;

import io.causality.sim.core.organization.BillingPeriods;
import io.causality.sim.db.UsageDao;
import java.time.Clock;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import org.jdbi.v3.core.Jdbi;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Counts API calls per organization in memory and adds them to the billing period's usage once a
 * second. A durable write per read request would cost more than the read itself; the price is that
 * a crash can lose up to one flush interval of {@code apiCalls} (never a simulation, a tick count
 * or any acknowledged write).
 */
public final class UsageMeter {
  private static final Logger LOG = LoggerFactory.getLogger(UsageMeter.class);

  private final Jdbi jdbi;
  private final Clock clock;
  private final Map<UUID, LongAdder> pending = new ConcurrentHashMap<>();

  public UsageMeter(Jdbi jdbi, Clock clock) {
    this.jdbi = jdbi;
    this.clock = clock;
  }

  public void apiCall(UUID organizationId) {
    pending.computeIfAbsent(organizationId, id -> new LongAdder()).increment();
  }

  /** Adds the counted calls to the current period; counts that fail to write are kept. */
  public void flush() {
    BillingPeriods.Period period = BillingPeriods.containing(clock.instant());
    for (Map.Entry<UUID, LongAdder> entry : pending.entrySet()) {
      long calls = entry.getValue().sumThenReset();
      if (calls > 0) {
        write(entry.getKey(), period, calls);
      }
    }
  }

  private void write(UUID organization, BillingPeriods.Period period, long calls) {
    try {
      jdbi.useExtension(
          UsageDao.class,
          dao -> {
            dao.ensurePeriod(organization, period.start(), period.end());
            dao.increment(organization, period.start(), 0, calls, 0);
          });
    } catch (RuntimeException e) {
      pending.computeIfAbsent(organization, id -> new LongAdder()).add(calls);
      LOG.warn(
          "Could not record {} API calls of organization {}; will retry", calls, organization, e);
    }
  }
}
