package io.causality.sim;

import com.fasterxml.jackson.databind.DeserializationFeature;
import io.causality.common.cli.ServeCommand;
import io.causality.common.db.Databases;
import io.causality.common.db.DurableDatabase;
import io.causality.common.db.LiquibaseDefaults;
import io.causality.common.db.ServiceJdbi;
import io.causality.common.db.StartupMigrations;
import io.causality.common.health.HealthReport;
import io.causality.common.http.HttpPlumbing;
import io.causality.sim.auth.CallerAuthFilter;
import io.causality.sim.auth.CallerAuthenticator;
import io.causality.sim.auth.JwtVerifier;
import io.causality.sim.auth.ScopeFeature;
import io.causality.sim.cli.ApiKeyCommand;
import io.causality.sim.cli.OrgCreateCommand;
import io.causality.sim.cli.UserAddCommand;
import io.causality.sim.cluster.PostgresCluster;
import io.causality.sim.config.EventsConfig;
import io.causality.sim.config.IdempotencyFactory;
import io.causality.sim.config.SimulationsConfig;
import io.causality.sim.console.ConsoleServlet;
import io.causality.sim.core.Caller;
import io.causality.sim.core.Cluster;
import io.causality.sim.core.EngineCatalog;
import io.causality.sim.core.EventReplay;
import io.causality.sim.core.LeftRunning;
import io.causality.sim.core.LiveSimulations;
import io.causality.sim.core.OrganizationService;
import io.causality.sim.core.SimulationAccess;
import io.causality.sim.core.SimulationLoader;
import io.causality.sim.core.SimulationReader;
import io.causality.sim.core.Simulations;
import io.causality.sim.errors.EngineValidationExceptionMapper;
import io.causality.sim.errors.StreamLimitExceptionMapper;
import io.causality.sim.errors.UnknownAgentExceptionMapper;
import io.causality.sim.evaluation.EvaluationPolicyException;
import io.causality.sim.evaluation.EvaluationRuntime;
import io.causality.sim.evaluation.SimulationEvaluations;
import io.causality.sim.evaluation.SimulationGammaReader;
import io.causality.sim.events.ConnectionTimeouts;
import io.causality.sim.events.EventHub;
import io.causality.sim.events.EventStreams;
import io.causality.sim.events.LiveShutdown;
import io.causality.sim.events.SseFrameWriter;
import io.causality.sim.idempotency.IdempotencyStore;
import io.causality.sim.playback.PlaybackScheduler;
import io.causality.sim.resources.ApiDocsResource;
import io.causality.sim.resources.EvaluationsResource;
import io.causality.sim.resources.HealthResource;
import io.causality.sim.resources.OpenApiResource;
import io.causality.sim.resources.OrganizationResource;
import io.causality.sim.resources.OrganizationUsageResource;
import io.causality.sim.resources.OrganizationsResource;
import io.causality.sim.resources.ScenarioResource;
import io.causality.sim.resources.ScenariosResource;
import io.causality.sim.resources.SimulationEvaluationsResource;
import io.causality.sim.resources.SimulationEventsResource;
import io.causality.sim.resources.SimulationResource;
import io.causality.sim.resources.SimulationTimeControlResource;
import io.causality.sim.resources.SimulationsResource;
import io.causality.sim.usage.ApiCallFilter;
import io.causality.sim.usage.UsageFlusher;
import io.causality.sim.usage.UsageMeter;
import io.dropwizard.auth.AuthDynamicFeature;
import io.dropwizard.auth.AuthValueFactoryProvider;
import io.dropwizard.configuration.EnvironmentVariableSubstitutor;
import io.dropwizard.configuration.SubstitutingSourceProvider;
import io.dropwizard.core.Application;
import io.dropwizard.core.cli.CheckCommand;
import io.dropwizard.core.setup.Bootstrap;
import io.dropwizard.core.setup.Environment;
import io.dropwizard.db.DataSourceFactory;
import io.dropwizard.db.ManagedDataSource;
import io.dropwizard.migrations.MigrationsBundle;
import java.time.Clock;
import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.SynchronousQueue;
import org.jdbi.v3.core.Jdbi;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The simulation service. Reading {@link #run} shows the whole service. */
public class SimApplication extends Application<SimConfiguration> {
  public static final String NAME = "sim-server";
  private static final Logger LOG = LoggerFactory.getLogger(SimApplication.class);

  public static void main(String[] args) throws Exception {
    LiquibaseDefaults.disableAnalytics();
    new SimApplication().run(args);
  }

  @Override
  public String getName() {
    return NAME;
  }

  /** {@code server} prints a failed startup check as one line; {@code check} as usual. */
  @Override
  protected void addDefaultCommands(Bootstrap<SimConfiguration> bootstrap) {
    bootstrap.addCommand(serverCommand("server", "Runs the service"));
    bootstrap.addCommand(new CheckCommand<>(this));
  }

  private ServeCommand<SimConfiguration> serverCommand(String name, String description) {
    return new ServeCommand<>(
        this, name, description, NAME, List.of(EvaluationPolicyException.class));
  }

  @Override
  public void initialize(Bootstrap<SimConfiguration> bootstrap) {
    // Secrets come from the environment: jwtSecret: ${SIM_JWT_SECRET:-}
    bootstrap.setConfigurationSourceProvider(
        new SubstitutingSourceProvider(
            bootstrap.getConfigurationSourceProvider(), new EnvironmentVariableSubstitutor(false)));
    bootstrap.addCommand(serverCommand("serve", "Runs the service (alias of 'server')"));
    bootstrap.addCommand(new OrgCreateCommand<>(SimConfiguration.class));
    bootstrap.addCommand(new ApiKeyCommand<>(SimConfiguration.class));
    bootstrap.addCommand(new UserAddCommand<>(SimConfiguration.class));
    bootstrap.addBundle(
        new MigrationsBundle<>() {
          @Override
          public DataSourceFactory getDataSourceFactory(SimConfiguration configuration) {
            return configuration.buildDataSourceFactory();
          }

          @Override
          public String getMigrationsFileName() {
            return StartupMigrations.CHANGELOG;
          }
        });
  }

  @Override
  public void run(SimConfiguration configuration, Environment environment) {
    installHttp(configuration, environment);
    ManagedDataSource dataSource = openDatabase(configuration, environment);
    Jdbi jdbi = ServiceJdbi.build(environment, configuration.buildDataSourceFactory(), dataSource);
    Optional<PostgresCluster> shared = sharedDatabase(configuration, jdbi);
    Clock clock = clock();
    registerAuthentication(configuration, environment, jdbi);
    OrganizationService organizations = new OrganizationService(jdbi, clock);
    registerLimits(configuration, environment, jdbi, organizations, clock);
    registerUsageMeter(environment, jdbi, clock);
    EngineCatalog catalog = registerEngines(environment);
    SimulationLoader loader = new SimulationLoader(jdbi, catalog);
    SimulationsConfig settings = configuration.getSimulations();
    EventHub events = new EventHub(configuration.getEvents().getClientBuffer());
    PlaybackScheduler playback = playbackScheduler(configuration, environment);
    Simulations simulations =
        Simulations.wire(
            new Simulations.Parts(
                jdbi,
                catalog,
                new LiveSimulations(loader, settings.getMaxLiveInstances()),
                organizations,
                clock,
                settings.getSnapshotInterval(),
                events,
                playback,
                shared.<Cluster>map(c -> c).orElseGet(Cluster::single)));
    pauseLeftRunning(simulations.leftRunning());
    shared.ifPresent(c -> listenToOthers(c, simulations, events, environment));
    SimulationReader reader = new SimulationReader(jdbi, dataSource, loader);
    EvaluationRuntime evaluation = configuration.getEvaluation().build(clock);
    EventStreams streams =
        new EventStreams(
            simulations.publisher(),
            reader,
            organizations,
            events,
            new EventReplay(jdbi, loader),
            streamThreads(configuration.getEvents(), environment),
            configuration.getEvents());
    registerEventStreams(environment, playback, simulations, streams);
    registerResources(
        environment,
        List.of(
            new HealthResource(new HealthReport(environment.healthChecks(), NAME, version())),
            new ApiDocsResource(),
            new ScenariosResource(catalog),
            new ScenarioResource(catalog),
            new SimulationsResource(simulations.creation(), reader),
            new SimulationResource(simulations.time(), simulations.inputs(), reader),
            new SimulationTimeControlResource(simulations.time()),
            new SimulationEventsResource(
                streams, new ConnectionTimeouts(configuration.getEvents())),
            new OrganizationsResource(organizations),
            new OrganizationResource(organizations),
            new OrganizationUsageResource(organizations),
            new EvaluationsResource(evaluation),
            new SimulationEvaluationsResource(
                new SimulationEvaluations(
                    evaluation,
                    new SimulationAccess(jdbi),
                    new SimulationGammaReader(loader),
                    clock))));
    ConsoleServlet.register(environment);
  }

  /** The shared HTTP plumbing (docs/architecture.md), and JSON that refuses what it guesses. */
  private static void installHttp(SimConfiguration configuration, Environment environment) {
    HttpPlumbing.install(environment, configuration.getServerFactory());
    HttpPlumbing.limitRequestBodies(environment, configuration.getMaxRequestBodySize().toBytes());
    strictJson(environment);
  }

  /** Every API call is counted for the organization's usage, written once a second. */
  private static void registerUsageMeter(Environment environment, Jdbi jdbi, Clock clock) {
    UsageMeter usage = new UsageMeter(jdbi, clock);
    environment.lifecycle().manage(new UsageFlusher(usage, Duration.ofSeconds(1)));
    environment.jersey().register(new ApiCallFilter(usage));
  }

  /** The engine versions, and the answers to what they refuse. */
  private static EngineCatalog registerEngines(Environment environment) {
    EngineCatalog catalog = EngineCatalog.standard();
    environment.jersey().register(new EngineValidationExceptionMapper(catalog.engines()));
    environment.jersey().register(new UnknownAgentExceptionMapper());
    return catalog;
  }

  private static PlaybackScheduler playbackScheduler(
      SimConfiguration configuration, Environment environment) {
    return new PlaybackScheduler(
        configuration.getPlayback(),
        environment
            .lifecycle()
            .scheduledExecutorService("playback-%d")
            .threads(configuration.getPlayback().getThreads())
            .build());
  }

  /** The streams' writer and refusals; at shutdown, players stop and streams close. */
  private static void registerEventStreams(
      Environment environment,
      PlaybackScheduler playback,
      Simulations simulations,
      EventStreams streams) {
    environment
        .lifecycle()
        .addEventListener(new LiveShutdown(playback, simulations.leftRunning(), streams));
    environment.jersey().register(new SseFrameWriter());
    environment.jersey().register(new StreamLimitExceptionMapper());
  }

  /** The time source of the service; tests substitute one they can move. */
  protected Clock clock() {
    return Clock.systemUTC();
  }

  /** Nothing plays a simulation a stopped process left running: it comes back paused. */
  private static void pauseLeftRunning(LeftRunning leftRunning) {
    int paused = leftRunning.pauseOrphaned();
    if (paused > 0) {
      LOG.info("{} simulations left running by stopped instances are paused", paused);
    }
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

  /** Streams hear what other instances store; what dead instances played is paused. */
  private static void listenToOthers(
      PostgresCluster cluster, Simulations simulations, EventHub events, Environment environment) {
    cluster.listener(
        new PostgresCluster.Listener() {
          @Override
          public void changedElsewhere(UUID simulationId) {
            simulations.publisher().changedElsewhere(simulationId);
          }

          @Override
          public Set<UUID> watched() {
            return events.watchedIds();
          }

          @Override
          public void sweep() {
            pauseLeftRunning(simulations.leftRunning());
          }
        });
    environment.lifecycle().manage(cluster);
  }

  /** One thread per open event stream, up to events.maxStreams; none kept idle long. */
  private static ExecutorService streamThreads(EventsConfig config, Environment environment) {
    return environment
        .lifecycle()
        .executorService("event-stream-%d")
        .minThreads(0)
        .maxThreads(config.getMaxStreams())
        .workQueue(new SynchronousQueue<>())
        .build();
  }

  /** Rate limits and idempotency keys: filters in front of every resource. */
  private static void registerLimits(
      SimConfiguration configuration,
      Environment environment,
      Jdbi jdbi,
      OrganizationService organizations,
      Clock clock) {
    configuration
        .getRateLimits()
        .build(organizations, clock)
        .ifPresent(environment.jersey()::register);
    IdempotencyFactory idempotencyConfig = configuration.getIdempotency();
    IdempotencyStore idempotency = idempotencyConfig.buildStore(jdbi, clock);
    // One process serves an embedded H2 file (the admin commands never claim keys); a shared
    // database may hold live claims of other instances, left to the in-flight timeout.
    boolean exclusive =
        DurableDatabase.isEmbeddedH2File(configuration.buildDataSourceFactory().getUrl());
    environment.lifecycle().manage(idempotencyConfig.buildCleaner(idempotency, exclusive));
    environment.jersey().register(idempotencyConfig.buildFeature(idempotency));
  }

  /** Registers the resources, and describes exactly these in /v1/openapi.json. */
  private static void registerResources(Environment environment, List<Object> resources) {
    resources.forEach(environment.jersey()::register);
    Set<Class<?>> documented = new LinkedHashSet<>();
    resources.forEach(resource -> documented.add(resource.getClass()));
    documented.add(OpenApiResource.class);
    environment.jersey().register(new OpenApiResource(version(), documented));
  }

  /** A typo'd field or 2.5 ticks is the client's mistake: say so rather than guess. */
  private static void strictJson(Environment environment) {
    environment
        .getObjectMapper()
        .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
        .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
        .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
        .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT);
  }

  private static void registerAuthentication(
      SimConfiguration configuration, Environment environment, Jdbi jdbi) {
    Optional<JwtVerifier> jwt =
        Optional.ofNullable(configuration.getAuth().getJwtSecret()).map(JwtVerifier::new);
    if (jwt.isEmpty()) {
      LOG.warn("auth.jwtSecret is not set: bearer tokens are refused, API keys still work");
    }
    CallerAuthFilter filter =
        new CallerAuthFilter.Builder()
            .setAuthenticator(
                new CallerAuthenticator(
                    jdbi, jwt, configuration.getAuth().getApiKeyCacheTtl().toJavaDuration()))
            .setPrefix("Bearer")
            .buildAuthFilter();
    environment.jersey().register(new AuthDynamicFeature(filter));
    environment.jersey().register(new AuthValueFactoryProvider.Binder<>(Caller.class));
    environment.jersey().register(new ScopeFeature());
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

  static String version() {
    String version = SimApplication.class.getPackage().getImplementationVersion();
    return version != null ? version : "development";
  }
}
