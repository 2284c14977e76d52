package io.causality.sim.core;

import io.causality.sim.api.RawJson;
import io.causality.sim.core.events.Preludes;
import io.causality.sim.core.organization.BillingPeriods;
import io.causality.sim.core.organization.Quotas;
import io.causality.sim.core.organization.Tier;
import io.causality.sim.db.InputDao;
import io.causality.sim.db.InputRow;
import io.causality.sim.db.SimulationChangeDao;
import io.causality.sim.db.SimulationProgress;
import io.causality.sim.db.SimulationRow;
import io.causality.sim.db.SimulationWrites;
import io.causality.sim.db.StatusChangeDao;
import io.causality.sim.db.StatusChangeRow;
import io.causality.sim.db.UsageDao;
import io.causality.sim.db.UsageRow;
import io.causality.sim.engine.output.StateSnapshot;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Supplier;
import org.jdbi.v3.core.Jdbi;

/**
 * Stores the changes of simulations, each in one transaction that tells the {@link Cluster}:
 * computed ticks (a step's or a player's progress, a create-and-run's new simulation) through the
 * plain-JDBC {@link SimulationWrites}, everything else (a plain create, inputs, status changes)
 * through {@link SimulationChangeDao}. It also reads the events a simulation made between ticks. A
 * write that finds another version throws {@link io.causality.sim.db.ChangedMeanwhile}; {@link
 * SimulationLocks} makes the change again.
 */
final class SimulationStore {
  private final Jdbi jdbi;
  private final SimulationWrites writes;
  private final Cluster cluster;
  private final Clock clock;

  SimulationStore(Jdbi jdbi, Cluster cluster, Clock clock) {
    this.jdbi = jdbi;
    this.writes = new SimulationWrites(jdbi);
    this.cluster = cluster;
    this.clock = clock;
  }

  /** Databases keep microseconds: answers use the same precision as later reads. */
  Instant now() {
    return clock.instant().truncatedTo(ChronoUnit.MICROS);
  }

  /** Stores a new simulation, counting its run against the tier's runs (403 when used up). */
  void insert(SimulationRow row, Tier tier, Instant now) {
    BillingPeriods.Period period = ensureUsagePeriod(row.organizationId(), now);
    long maxRuns = tier.maxSimulationRuns();
    if (!jdbi.withExtension(
        SimulationChangeDao.class, dao -> dao.insertCountingRun(row, period.start(), maxRuns))) {
      throw Quotas.runsUsedUp(tier);
    }
  }

  /**
   * Refuses a run (403) whose period's runs are used up already, before its ticks are computed, so
   * that a refused create-and-run costs one read. The conditional count at the commit stays the
   * exact gate: this read only turns a run already known to be refused away early.
   */
  void requireRunLeft(UUID organization, Tier tier, Instant now) {
    Instant start = BillingPeriods.containing(now).start();
    long taken =
        jdbi.withExtension(UsageDao.class, dao -> dao.find(organization, start))
            .map(UsageRow::simulationRuns)
            .orElse(0L);
    if (taken >= tier.maxSimulationRuns()) {
      throw Quotas.runsUsedUp(tier);
    }
  }

  /** Stores ticks computed; the status change the last tick made, if any. */
  Optional<StatusChangeRow> storeProgress(SimulationProgress progress) {
    return inPeriod(progress, () -> writes.storeProgress(progress, cluster));
  }

  /**
   * Stores a new simulation already advanced by {@code progress}, counting its run and ticks (403
   * when the tier's runs are used up, storing nothing).
   */
  void insertAdvanced(SimulationRow created, SimulationProgress progress, Tier tier) {
    long maxRuns = tier.maxSimulationRuns();
    if (!inPeriod(progress, () -> writes.insertAdvanced(created, progress, maxRuns, cluster))) {
      throw Quotas.runsUsedUp(tier);
    }
  }

  /**
   * A write that counts usage in the progress's billing period: the first of a period finds no row
   * (nothing kept), makes it in its own short transaction and writes again. Every later write of
   * the period needs no read for it.
   */
  private <T> T inPeriod(SimulationProgress progress, Supplier<T> write) {
    try {
      return write.get();
    } catch (SimulationWrites.UsagePeriodMissing e) {
      ensureUsagePeriod(progress.organizationId(), progress.periodStart());
      return write.get();
    }
  }

  void storeInput(InputRow input, long version) {
    jdbi.useExtension(SimulationChangeDao.class, dao -> dao.storeInput(input, version, cluster));
  }

  /** Stores a new status (or only a speed and player, when the status stays). */
  Optional<StatusChangeRow> storeStatus(long version, String player, StatusChangeRow change) {
    return jdbi.withExtension(
        SimulationChangeDao.class, dao -> dao.storeStatus(version, player, change, cluster));
  }

  /** The period's usage row, made in its own short transaction before the counting one. */
  BillingPeriods.Period ensureUsagePeriod(UUID organization, Instant now) {
    BillingPeriods.Period period = BillingPeriods.containing(now);
    jdbi.useExtension(
        UsageDao.class, dao -> dao.ensurePeriod(organization, period.start(), period.end()));
    return period;
  }

  /** The events the simulation made while it stood before {@code tick}. */
  Preludes preludes(UUID id, long tick) {
    return jdbi.withHandle(
        handle ->
            Preludes.of(
                handle.attach(InputDao.class).atTick(id, tick),
                handle.attach(StatusChangeDao.class).atTick(id, tick)));
  }

  static String stateJson(StateSnapshot state) {
    return RawJson.of(state::writeJson).json();
  }
}
