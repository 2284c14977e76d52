package io.causality.sim.core.experiments;

import io.causality.sim.api.ExperimentDryRun;
import io.causality.sim.api.ExperimentQuota;
import io.causality.sim.api.ExperimentRefusal;
import io.causality.sim.api.ExperimentRequest;
import io.causality.sim.api.ExperimentView;
import io.causality.sim.core.EngineCatalog;
import io.causality.sim.core.ScenarioSource;
import io.causality.sim.core.WorkingMemory;
import io.causality.sim.core.errors.DomainException;
import io.causality.sim.core.errors.ExperimentsUnderWayException;
import io.causality.sim.core.errors.QuotaExceededException;
import io.causality.sim.core.organization.BillingOrganizations;
import io.causality.sim.core.organization.BillingPeriods;
import io.causality.sim.core.organization.Caller;
import io.causality.sim.core.organization.ExperimentLimits;
import io.causality.sim.core.organization.OrganizationService;
import io.causality.sim.core.organization.Quotas;
import io.causality.sim.core.organization.Tier;
import io.causality.sim.core.organization.UsagePeriods;
import io.causality.sim.db.ExperimentDao;
import io.causality.sim.db.ExperimentEventRow;
import io.causality.sim.db.ExperimentRow;
import io.causality.sim.db.ExperimentWrites;
import io.causality.sim.db.RunQueue;
import io.causality.sim.db.UsageDao;
import io.causality.sim.db.UsageRow;
import io.causality.sim.engine.core.EngineVersion;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Supplier;
import org.jdbi.v3.core.Jdbi;

/**
 * Accepts experiments (docs/experiments.md): checks the definition (400), then the license (403
 * {@code QUOTA_EXCEEDED} for ticks per run, runs per experiment, kept traces and the period's runs;
 * 429 {@code RATE_LIMITED} for experiments under way), before anything is stored; then stores it,
 * counts all its runs and queues them in one transaction ({@link ExperimentWrites#insert}), which
 * is the exact gate of the last two limits across instances. A dry run answers the same checks
 * without storing anything.
 */
public final class ExperimentSubmission {
  private final Jdbi jdbi;
  private final ScenarioSource scenarios;
  private final EngineCatalog catalog;
  private final WorkingMemory memory;
  private final OrganizationService organizations;
  private final ExperimentWrites writes;
  private final RunQueue queue;
  private final Clock clock;

  ExperimentSubmission(
      Jdbi jdbi,
      ScenarioSource scenarios,
      EngineCatalog catalog,
      WorkingMemory memory,
      OrganizationService organizations,
      ExperimentWrites writes,
      RunQueue queue,
      Clock clock) {
    this.memory = memory;
    this.jdbi = jdbi;
    this.scenarios = scenarios;
    this.catalog = catalog;
    this.organizations = organizations;
    this.writes = writes;
    this.queue = queue;
    this.clock = clock;
  }

  /** What a submission is checked against. */
  private record Prepared(UUID organization, Tier tier, Experiment experiment, Instant now) {
    ExperimentLimits limits() {
      return ExperimentLimits.of(tier);
    }

    Instant periodStart() {
      return BillingPeriods.containing(now).start();
    }
  }

  /** Accepts the experiment: queued, its runs counted. */
  public ExperimentView submit(Caller caller, ExperimentRequest request) {
    Prepared prepared = prepare(caller, request);
    refusal(prepared, runsUsed(prepared), underWay(prepared))
        .ifPresent(
            refused -> {
              throw refused;
            });
    Experiment experiment = prepared.experiment();
    ExperimentRow row = newRow(prepared);
    ExperimentEventRow first =
        new ExperimentEventRow(
            row.id(),
            1,
            ExperimentEvents.STATUS,
            ExperimentEvents.status(ExperimentStatus.QUEUED, null, "submitted"),
            prepared.now());
    ExperimentWrites.Admission admission =
        inPeriod(
            prepared,
            () ->
                writes.insert(
                    row,
                    experiment.scenarioJson(),
                    first,
                    prepared.periodStart(),
                    prepared.tier().maxSimulationRuns(),
                    prepared.limits().maxConcurrentExperiments(),
                    queue));
    switch (admission) {
      case RUNS_USED_UP -> throw runsLeft(prepared.tier(), runsUsed(prepared));
      case TOO_MANY_UNDER_WAY ->
          throw new ExperimentsUnderWayException(prepared.limits().maxConcurrentExperiments());
      case ACCEPTED -> queue.dueNow(); // stored, counted and queued
    }
    return ExperimentViews.experiment(row, 0);
  }

  /** What a submission would run and use, and its refusal now if any; nothing is stored. */
  public ExperimentDryRun dryRun(Caller caller, ExperimentRequest request) {
    Prepared prepared = prepare(caller, request);
    long used = runsUsed(prepared);
    int underWay = underWay(prepared);
    Experiment experiment = prepared.experiment();
    Tier tier = prepared.tier();
    ExperimentLimits limits = prepared.limits();
    ExperimentQuota quota =
        new ExperimentQuota(
            tier.wireName(),
            tier.maxSimulationRuns(),
            used,
            Math.max(0, tier.maxSimulationRuns() - used),
            limits.maxRunsPerExperiment(),
            limits.maxConcurrentExperiments(),
            underWay,
            tier.maxTicksPerRun(),
            limits.maxKeptTraces());
    return new ExperimentDryRun(
        (int) experiment.runs(),
        (int) experiment.grid().combinations(),
        experiment.replications(),
        experiment.ticks(),
        experiment.runs() * experiment.ticks(),
        quota,
        refusal(prepared, used, underWay).map(ExperimentSubmission::refusalOf).orElse(null));
  }

  private Prepared prepare(Caller caller, ExperimentRequest request) {
    UUID organization = BillingOrganizations.resolve(caller, request.organizationId());
    Tier tier = organizations.tierOf(organization);
    // a domain's scenario, made from a small input, lives until the answer (an inline one's request
    // took its turn by its body)
    memory.reserveForRequest(
        WorkingMemory.heapOfAgents(scenarios.agentsAtMost(request.domain(), request.input())));
    ScenarioSource.Resolved resolved =
        scenarios.fromAny(
            request.scenarioId(),
            request.scenario(),
            request.domain(),
            request.input(),
            ScenarioSource.limitsOf(tier));
    EngineVersion version = catalog.engines().require(request.engineVersion());
    Experiment experiment = ExperimentRequests.parse(request, resolved, version);
    return new Prepared(
        organization, tier, experiment, clock.instant().truncatedTo(ChronoUnit.MICROS));
  }

  /** The first limit the experiment would pass, in the order a client would fix them. */
  private static Optional<DomainException> refusal(Prepared prepared, long used, int underWay) {
    Experiment experiment = prepared.experiment();
    Tier tier = prepared.tier();
    ExperimentLimits limits = prepared.limits();
    long runs = experiment.runs();
    if (experiment.ticks() > tier.maxTicksPerRun()) {
      return Optional.of(
          quota(
              "The license allows " + tier.maxTicksPerRun() + " ticks per run",
              "maxTicksPerRun",
              tier.maxTicksPerRun()));
    }
    if (runs > limits.maxRunsPerExperiment()) {
      return Optional.of(
          quota(
              "The license allows "
                  + limits.maxRunsPerExperiment()
                  + " runs per experiment; this one has "
                  + runs,
              "maxRunsPerExperiment",
              limits.maxRunsPerExperiment()));
    }
    if (experiment.keepTraces() && runs > limits.maxKeptTraces()) {
      return Optional.of(
          quota(
              "The license keeps the traces of "
                  + limits.maxKeptTraces()
                  + " runs per experiment; this one has "
                  + runs,
              "maxKeptTraces",
              limits.maxKeptTraces()));
    }
    if (used + runs > tier.maxSimulationRuns()) {
      return Optional.of(runsLeft(tier, used));
    }
    if (underWay >= limits.maxConcurrentExperiments()) {
      return Optional.of(new ExperimentsUnderWayException(limits.maxConcurrentExperiments()));
    }
    return Optional.empty();
  }

  private static QuotaExceededException runsLeft(Tier tier, long used) {
    if (used >= tier.maxSimulationRuns()) {
      return Quotas.runsUsedUp(tier);
    }
    return quota(
        "The license allows "
            + tier.maxSimulationRuns()
            + " simulation runs per billing period; "
            + (tier.maxSimulationRuns() - used)
            + " are left",
        "maxSimulationRuns",
        tier.maxSimulationRuns());
  }

  private static QuotaExceededException quota(String message, String limit, long value) {
    return new QuotaExceededException(message, limit, value);
  }

  @SuppressWarnings("unchecked")
  private static ExperimentRefusal refusalOf(DomainException refused) {
    return new ExperimentRefusal(
        refused.code(), refused.getMessage(), (Map<String, Object>) refused.details());
  }

  private long runsUsed(Prepared prepared) {
    return jdbi.withExtension(
            UsageDao.class, dao -> dao.find(prepared.organization(), prepared.periodStart()))
        .map(UsageRow::simulationRuns)
        .orElse(0L);
  }

  private int underWay(Prepared prepared) {
    return jdbi.withExtension(ExperimentDao.class, dao -> dao.active(prepared.organization()));
  }

  private static ExperimentRow newRow(Prepared prepared) {
    Experiment experiment = prepared.experiment();
    return new ExperimentRow(
        UUID.randomUUID(),
        prepared.organization(),
        ExperimentStatus.QUEUED.wireName(),
        experiment.scenarioId(),
        experiment.engineVersion(),
        experiment.planJson(),
        (int) experiment.runs(),
        ChunkPlan.size(experiment),
        0,
        0,
        1,
        prepared.now(),
        prepared.now(),
        null);
  }

  private <T> T inPeriod(Prepared prepared, Supplier<T> write) {
    return UsagePeriods.inPeriod(jdbi, prepared.organization(), prepared.periodStart(), write);
  }
}
