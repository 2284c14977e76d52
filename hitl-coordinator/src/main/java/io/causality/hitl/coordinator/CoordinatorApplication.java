package io.causality.hitl.coordinator;

import io.causality.common.db.LiquibaseDefaults;
import io.causality.common.db.ServiceJdbi;
import io.causality.common.db.StartupMigrations;
import io.causality.common.health.HealthReport;
import io.causality.common.http.HttpPlumbing;
import io.causality.hitl.coordinator.auth.BearerChallengeFilter;
import io.causality.hitl.coordinator.auth.Caller;
import io.causality.hitl.coordinator.auth.CallerAuthFilter;
import io.causality.hitl.coordinator.auth.CallerAuthenticator;
import io.causality.hitl.coordinator.auth.RoleFeature;
import io.causality.hitl.coordinator.cli.CoordinatorServerCommand;
import io.causality.hitl.coordinator.cli.DevInitCommand;
import io.causality.hitl.coordinator.cli.HitlCommand;
import io.causality.hitl.coordinator.cli.KeysCommand;
import io.causality.hitl.coordinator.cli.PolicyCommand;
import io.causality.hitl.coordinator.config.BindAddress;
import io.causality.hitl.coordinator.core.OverrideService;
import io.causality.hitl.coordinator.errors.OverrideExceptionMapper;
import io.causality.hitl.coordinator.policy.StartupCheckException;
import io.causality.hitl.coordinator.policy.StartupChecks;
import io.causality.hitl.coordinator.policy.StartupReport;
import io.causality.hitl.coordinator.resources.HealthzResource;
import io.causality.hitl.coordinator.resources.OverrideRequestResource;
import io.causality.hitl.coordinator.resources.OverrideRequestsResource;
import io.causality.hitl.coordinator.resources.OverrideTokensResource;
import io.causality.hitl.protocol.ProtocolJson;
import io.dropwizard.auth.AuthDynamicFeature;
import io.dropwizard.auth.AuthValueFactoryProvider;
import io.dropwizard.configuration.EnvironmentVariableSubstitutor;
import io.dropwizard.configuration.SubstitutingSourceProvider;
import io.dropwizard.core.Application;
import io.dropwizard.core.cli.CheckCommand;
import io.dropwizard.core.server.DefaultServerFactory;
import io.dropwizard.core.setup.Bootstrap;
import io.dropwizard.core.setup.Environment;
import io.dropwizard.db.DataSourceFactory;
import io.dropwizard.db.ManagedDataSource;
import io.dropwizard.jetty.HttpConnectorFactory;
import io.dropwizard.migrations.MigrationsBundle;
import java.time.Clock;
import java.util.List;
import org.jdbi.v3.core.Jdbi;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The override-request coordinator. Reading {@link #run} shows the whole service. */
public class CoordinatorApplication extends Application<CoordinatorConfiguration> {
  public static final String NAME = "hitl-coordinator";
  private static final Logger LOG = LoggerFactory.getLogger(CoordinatorApplication.class);

  public static void main(String[] args) throws Exception {
    LiquibaseDefaults.disableAnalytics();
    new CoordinatorApplication().run(args);
  }

  @Override
  public String getName() {
    return NAME;
  }

  /** {@code server} prints a failed startup check as one line; {@code check} as usual. */
  @Override
  protected void addDefaultCommands(Bootstrap<CoordinatorConfiguration> bootstrap) {
    bootstrap.addCommand(CoordinatorServerCommand.create(this, "server", "Runs the coordinator"));
    bootstrap.addCommand(new CheckCommand<>(this));
  }

  /** Usage errors exit 2 and the hitl tools 1 or 3 as they document; anything else 1. */
  @Override
  protected void onFatalError(Throwable failure) {
    System.exit(HitlCommand.exitStatus(failure));
  }

  @Override
  public void initialize(Bootstrap<CoordinatorConfiguration> bootstrap) {
    // Caller tokens come from the environment: token: ${HITL_TOKEN_RUNTIME}
    bootstrap.setConfigurationSourceProvider(
        new SubstitutingSourceProvider(
            bootstrap.getConfigurationSourceProvider(), new EnvironmentVariableSubstitutor(false)));
    bootstrap.addCommand(
        CoordinatorServerCommand.create(this, "serve", "Runs the coordinator (alias of 'server')"));
    bootstrap.addCommand(new DevInitCommand());
    bootstrap.addCommand(new KeysCommand());
    bootstrap.addCommand(new PolicyCommand());
    bootstrap.addCommand(new HitlCommand<>(this));
    bootstrap.addBundle(
        new MigrationsBundle<>() {
          @Override
          public DataSourceFactory getDataSourceFactory(CoordinatorConfiguration configuration) {
            return configuration.buildDataSourceFactory();
          }

          @Override
          public String getMigrationsFileName() {
            return StartupMigrations.CHANGELOG;
          }
        });
  }

  @Override
  public void run(CoordinatorConfiguration configuration, Environment environment) {
    listenOn(configuration);
    StartupReport checked = checkPolicyAndKeys(configuration);
    CallerAuthenticator callers = new CallerAuthenticator(configuration.getCallers());
    HttpPlumbing.install(environment, configuration.getServerFactory());
    HttpPlumbing.limitRequestBodies(environment, configuration.getMaxRequestBodySize().toBytes());
    ProtocolJson.configure(environment.getObjectMapper());
    Jdbi jdbi = openDatabase(configuration, environment);
    OverrideService overrides =
        new OverrideService(
            jdbi,
            clock(),
            checked.policy(),
            checked.signers(),
            configuration.buildOverrideSettings());
    registerCallers(callers, environment);
    environment.jersey().register(new OverrideExceptionMapper());
    HealthReport health = new HealthReport(environment.healthChecks(), NAME, version());
    List.of(
            new HealthzResource(health),
            new OverrideRequestsResource(overrides),
            new OverrideRequestResource(overrides),
            new OverrideTokensResource(overrides))
        .forEach(environment.jersey()::register);
    LOG.info(
        "Policy version {} with authorities {}; callers {}",
        checked.policy().policyVersion(),
        checked.signers().keyIds(),
        callers.isOpen() ? "not configured (open on loopback)" : "required");
  }

  /** The time source of expiry, cooldowns and tokens; tests substitute one they can move. */
  protected Clock clock() {
    return Clock.systemUTC();
  }

  /**
   * The seed's {@code bind} decides where the API listens; Dropwizard's {@code server} block still
   * configures the admin connector, threads and the request log.
   */
  private static void listenOn(CoordinatorConfiguration configuration) {
    BindAddress bind = configuration.bindAddress();
    if (configuration.getCallers().isEmpty() && !bind.isLoopback()) {
      throw new StartupCheckException(
          "bind "
              + configuration.getBind()
              + " is not a loopback "
              + "address: configure callers (bearer tokens) before exposing the coordinator");
    }
    if (!(configuration.getServerFactory() instanceof DefaultServerFactory server)) {
      throw new StartupCheckException("server.type must be 'default' for the coordinator");
    }
    HttpConnectorFactory api = new HttpConnectorFactory();
    api.setBindHost(bind.host());
    api.setPort(bind.port());
    server.setApplicationConnectors(List.of(api));
  }

  /** The spec's five checks, and the policy's signature when a trusted key is configured. */
  private static StartupReport checkPolicyAndKeys(CoordinatorConfiguration configuration) {
    StartupReport report =
        StartupChecks.run(
            configuration.getPolicy().policyFile(),
            configuration.getDefaultTokenTtlMs(),
            configuration.buildAuthorityKeys(),
            configuration.getPolicy().trustedKey());
    report.warnings().forEach(warning -> LOG.warn("Startup check: {}", warning));
    return report;
  }

  private static void registerCallers(CallerAuthenticator callers, Environment environment) {
    environment.jersey().register(new AuthDynamicFeature(new CallerAuthFilter(callers, NAME)));
    environment.jersey().register(new AuthValueFactoryProvider.Binder<>(Caller.class));
    environment.jersey().register(new RoleFeature());
    environment.jersey().register(new BearerChallengeFilter(NAME));
  }

  private static Jdbi openDatabase(CoordinatorConfiguration configuration, Environment env) {
    DataSourceFactory factory = configuration.buildDataSourceFactory();
    ManagedDataSource dataSource = factory.build(env.metrics(), "database");
    if (configuration.isMigrateOnStart()) {
      StartupMigrations.apply(dataSource);
    }
    return ServiceJdbi.build(env, factory, dataSource);
  }

  static String version() {
    String version = CoordinatorApplication.class.getPackage().getImplementationVersion();
    return version != null ? version : "development";
  }
}
