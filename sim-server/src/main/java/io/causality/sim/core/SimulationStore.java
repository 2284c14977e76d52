package io.causality.sim.core;

import io.causality.sim.api.RawJson;
import io.causality.sim.core.events.Preludes;
import io.causality.sim.core.organization.BillingPeriods;
import io.causality.sim.core.organization.Quotas;
import io.causality.sim.core.organization.Tier;
import io.causality.sim.core.organization.UsagePeriods;
import io.causality.sim.db.InputDao;
import io.causality.sim.db.InputRow;
import io.causality.sim.db.RunAllowance;
import io.causality.sim.db.SimulationChangeDao;
import io.causality.sim.db.SimulationProgress;
import io.causality.sim.db.SimulationRow;
import io.causality.sim.db.SimulationWrites;
import io.causality.sim.db.StatusChangeDao;
import io.causality.sim.db.StatusChangeRow;
import io.causality.sim.engine.output.StateSnapshot;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Supplier;
import org.jdbi.v3.core.Jdbi;

/**
 * Stores the changes of simulations, each in one transaction: the writes that count usage (a new
 * simulation, plain or created and run, and computed ticks) through the plain-JDBC {@link
 * SimulationWrites}, under one rule for a missing billing period ({@link #inPeriod}); inputs and
 * status changes through {@link SimulationChangeDao}. A change of an existing simulation tells the
 * {@link Cluster} inside its transaction. It also reads the events a simulation made between ticks.
 * A write that finds another version throws {@link io.causality.sim.db.ChangedMeanwhile}; {@link
 * SimulationLocks} makes the change again.
 */
final class SimulationStore {
  private final Jdbi jdbi;
  private final SimulationWrites writes;
  private final Cluster cluster;
  private final Clock clock;
  private final RunAllowance allowance;

  SimulationStore(Jdbi jdbi, SimulationWrites writes, Cluster cluster, Clock clock) {
    this.jdbi = jdbi;
    this.allowance = new RunAllowance(jdbi);
    this.writes = writes;
    this.cluster = cluster;
    this.clock = clock;
  }

  /** Databases keep microseconds: answers use the same precision as later reads. */
  Instant now() {
    return clock.instant().truncatedTo(ChronoUnit.MICROS);
  }

  /** Stores a new simulation, counting its run against the tier's runs (403 when used up). */
  void insert(SimulationRow row, Tier tier, Instant now) {
    Instant periodStart = BillingPeriods.containing(now).start();
    long maxRuns = tier.maxSimulationRuns();
    if (!inPeriod(
        row.organizationId(), periodStart, () -> writes.insertCreated(row, periodStart, maxRuns))) {
      throw Quotas.runsUsedUp(tier);
    }
  }

  /**
   * What a create-and-run reads before it computes, in one query: its organization's tier and the
   * runs its billing period (the one containing {@code now}) has taken.
   */
  RunBilling runBilling(UUID organization, Instant now) {
    RunAllowance.Found found = allowance.find(organization, BillingPeriods.containing(now).start());
    return new RunBilling(Tier.ofLicense(found.tier()), found.runsTaken());
  }

  /** An organization's tier and the runs its current billing period has taken. */
  record RunBilling(Tier tier, long runsTaken) {
    /**
     * Refuses a run (403) whose period's runs are used up already, before its ticks are computed,
     * so that a refused create-and-run costs one read. The conditional count at the commit stays
     * the exact gate: this read only turns a run already known to be refused away early.
     */
    void requireRunLeft() {
      if (runsTaken >= tier.maxSimulationRuns()) {
        throw Quotas.runsUsedUp(tier);
      }
    }
  }

  /** Stores ticks computed; the status change the last tick made, if any. */
  Optional<StatusChangeRow> storeProgress(SimulationProgress progress) {
    return inPeriod(
        progress.organizationId(),
        progress.periodStart(),
        () -> writes.storeProgress(progress, cluster));
  }

  /**
   * Stores a new simulation already advanced by {@code progress}, counting its run and ticks (403
   * when the tier's runs are used up, storing nothing).
   */
  void insertAdvanced(SimulationRow created, SimulationProgress progress, Tier tier) {
    long maxRuns = tier.maxSimulationRuns();
    if (!inPeriod(
        created.organizationId(),
        progress.periodStart(),
        () -> writes.insertAdvanced(created, progress, maxRuns, cluster))) {
      throw Quotas.runsUsedUp(tier);
    }
  }

  /** Stores an experiment's run as a simulation, counting nothing; false when kept already. */
  boolean insertKept(SimulationRow created, SimulationProgress progress) {
    return writes.insertKept(created, progress, cluster);
  }

  /** The one rule of every write that counts usage ({@link UsagePeriods#inPeriod}). */
  private <T> T inPeriod(UUID organization, Instant periodStart, Supplier<T> write) {
    return UsagePeriods.inPeriod(jdbi, organization, periodStart, write);
  }

  void storeInput(InputRow input, long version) {
    jdbi.useExtension(SimulationChangeDao.class, dao -> dao.storeInput(input, version, cluster));
  }

  /** Deletes the simulation read as {@code row}, and everything of it, telling the cluster. */
  void delete(SimulationRow row) {
    jdbi.useExtension(
        SimulationChangeDao.class, dao -> dao.delete(row.id(), row.version(), cluster));
  }

  /** Stores a new status (or only a speed and player, when the status stays). */
  Optional<StatusChangeRow> storeStatus(long version, String player, StatusChangeRow change) {
    return jdbi.withExtension(
        SimulationChangeDao.class, dao -> dao.storeStatus(version, player, change, cluster));
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
