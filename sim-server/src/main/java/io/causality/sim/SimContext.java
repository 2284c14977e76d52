package io.causality.sim;

import io.causality.common.db.Databases;
import io.causality.common.db.ServiceJdbi;
import io.causality.common.db.StartupMigrations;
import io.causality.common.tracing.Tracing;
import io.causality.sim.cluster.PostgresCluster;
import io.causality.sim.config.SimulationsConfig;
import io.causality.sim.core.EngineCatalog;
import io.causality.sim.core.SimulationAccess;
import io.causality.sim.core.SimulationLoader;
import io.causality.sim.core.SimulationReader;
import io.causality.sim.core.WorkingMemory;
import io.causality.sim.core.organization.OrganizationService;
import io.causality.sim.db.LicenseTiers;
import io.causality.sim.db.SimDaos;
import io.causality.sim.db.SimulationSummaryQuery;
import io.causality.sim.db.SimulationToAdvance;
import io.causality.sim.engine.core.TickThreads;
import io.causality.sim.evaluation.EvaluationJournal;
import io.causality.sim.evaluation.EvaluationOverrideRequests;
import io.causality.sim.evaluation.EvaluationRuntime;
import io.causality.sim.evaluation.SimulationEvaluations;
import io.causality.sim.evaluation.SimulationGammaReader;
import io.causality.sim.metrics.CoordinatorCalls;
import io.dropwizard.core.setup.Environment;
import io.dropwizard.db.DataSourceFactory;
import io.dropwizard.db.ManagedDataSource;
import io.dropwizard.lifecycle.AutoCloseableManager;
import java.time.Clock;
import java.util.Optional;
import org.jdbi.v3.core.Jdbi;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The domain objects of the simulation service that the lifecycle does not manage, built once (as
 * Marquez's {@code MarquezContext}): the database, the organizations, the engines, the access
 * checks, the reads and the evaluation runtime. Their collaborators are built here, not in their
 * constructors, so that this file (with {@link LiveContext} and {@code core.Simulations.wire})
 * shows the graph. What plays and streams simulations is the {@link LiveContext}, which also starts
 * the {@code shared} database's cluster listener, as it hears the simulations' changes.
 */
record SimContext(
    Tracing tracing,
    ManagedDataSource dataSource,
    Jdbi jdbi,
    Optional<PostgresCluster> shared,
    Clock clock,
    SimulationAccess access,
    OrganizationService organizations,
    EngineCatalog catalog,
    WorkingMemory memory,
    SimulationLoader loader,
    SimulationReader reader,
    EvaluationRuntime evaluation,
    SimulationEvaluations evaluations,
    EvaluationOverrideRequests overrideRequests) {
  private static final Logger LOG = LoggerFactory.getLogger(SimContext.class);

  /** Opens (and migrates, if configured) the database and builds the domain objects over it. */
  static SimContext open(
      SimConfiguration configuration, Environment environment, Clock clock, Tracing tracing) {
    ManagedDataSource dataSource = openDatabase(configuration, environment);
    Jdbi jdbi = ServiceJdbi.build(environment, configuration.buildDataSourceFactory(), dataSource);
    ServiceJdbi.describeOnce(jdbi, SimDaos.ALL);
    EngineCatalog catalog = engines(configuration, environment);
    WorkingMemory memory = workingMemory(configuration.getSimulations());
    SimulationLoader loader = new SimulationLoader(jdbi, catalog, memory);
    SimulationAccess access = new SimulationAccess(jdbi, new SimulationToAdvance(jdbi));
    EvaluationRuntime evaluation =
        configuration.getEvaluation().build(clock, jdbi, new CoordinatorCalls(tracing));
    OrganizationService organizations =
        new OrganizationService(jdbi, new LicenseTiers(jdbi), clock);
    EvaluationJournal journal = new EvaluationJournal(jdbi, access, clock);
    return new SimContext(
        tracing,
        dataSource,
        jdbi,
        sharedDatabase(configuration, jdbi),
        clock,
        access,
        organizations,
        catalog,
        memory,
        loader,
        new SimulationReader(
            jdbi, access, new SimulationSummaryQuery(dataSource), loader, organizations),
        evaluation,
        new SimulationEvaluations(
            evaluation, access, new SimulationGammaReader(loader, jdbi), journal, clock),
        new EvaluationOverrideRequests(evaluation, access, journal));
  }

  /** The heap large work may take at once; the value in force is logged. */
  private static WorkingMemory workingMemory(SimulationsConfig settings) {
    long bytes = settings.workingMemory(Runtime.getRuntime().maxMemory());
    LOG.info(
        "Working memory for large scenarios: {} MiB, waited for up to {}"
            + " (simulations.workingMemory, simulations.workingMemoryWait)",
        bytes >> 20,
        settings.getWorkingMemoryWait());
    return new WorkingMemory(bytes, settings.getWorkingMemoryWait().toJavaDuration());
  }

  /** The engine's registries; its tick threads stop with the service. */
  private static EngineCatalog engines(SimConfiguration configuration, Environment environment) {
    TickThreads threads = TickThreads.of(configuration.getEngine().getThreads());
    environment.lifecycle().manage(new AutoCloseableManager(threads));
    return EngineCatalog.standard(threads);
  }

  private static ManagedDataSource openDatabase(
      SimConfiguration configuration, Environment environment) {
    DataSourceFactory factory = configuration.buildDataSourceFactory();
    ManagedDataSource dataSource = factory.build(environment.metrics(), "database");
    if (configuration.isMigrateOnStart()) {
      StartupMigrations.apply(dataSource);
    }
    return dataSource;
  }

  /** On PostgreSQL, several instances may share the database (docs/operations.md). */
  private static Optional<PostgresCluster> sharedDatabase(
      SimConfiguration configuration, Jdbi jdbi) {
    DataSourceFactory database = configuration.buildDataSourceFactory();
    if (!Databases.isPostgres(database.getUrl())) {
      return Optional.empty();
    }
    return Optional.of(
        new PostgresCluster(
            database, jdbi, configuration.getPlayback().getOrphanSweepInterval().toJavaDuration()));
  }
}
