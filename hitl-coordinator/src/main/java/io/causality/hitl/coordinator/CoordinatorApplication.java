package io.causality.hitl.coordinator;

import io.causality.common.cli.ConfigurationCheckCommand;
import io.causality.common.config.StrictEnvironment;
import io.causality.common.db.DatabaseCommand;
import io.causality.common.db.ProcessDefaults;
import io.causality.common.http.CachedParameterNames;
import io.causality.common.lifecycle.ConfigurationFile;
import io.causality.common.lifecycle.Readiness;
import io.causality.common.lifecycle.Reloads;
import io.causality.hitl.coordinator.cli.AuditCommand;
import io.causality.hitl.coordinator.cli.CoordinatorServerCommand;
import io.causality.hitl.coordinator.cli.DevInitCommand;
import io.causality.hitl.coordinator.cli.HitlCommand;
import io.causality.hitl.coordinator.cli.KeysCommand;
import io.causality.hitl.coordinator.cli.PolicyCommand;
import io.causality.hitl.coordinator.reload.PolicyReload;
import io.dropwizard.core.Application;
import io.dropwizard.core.setup.Bootstrap;
import io.dropwizard.core.setup.Environment;
import java.time.Clock;
import java.util.function.Supplier;

/** The override-request coordinator. Reading {@link #run} shows the whole service. */
public class CoordinatorApplication extends Application<CoordinatorConfiguration> {
  /** The file the service started from, which a reload reads again. */
  private ConfigurationFile<CoordinatorConfiguration> configurationFile;

  public static void main(String[] args) throws Exception {
    ProcessDefaults.apply();
    new CoordinatorApplication().run(args);
  }

  @Override
  public String getName() {
    return CoordinatorVersion.NAME;
  }

  /**
   * {@code server} prints a failed startup check as one line; {@code check} writes its verdict
   * before it exits.
   */
  @Override
  protected void addDefaultCommands(Bootstrap<CoordinatorConfiguration> bootstrap) {
    bootstrap.addCommand(CoordinatorServerCommand.create(this, "server", "Runs the coordinator"));
    bootstrap.addCommand(new ConfigurationCheckCommand<>(this));
  }

  /** Usage errors exit 2 and the hitl tools 1 or 3 as they document; anything else 1. */
  @Override
  protected void onFatalError(Throwable failure) {
    System.exit(HitlCommand.exitStatus(failure));
  }

  @Override
  public void initialize(Bootstrap<CoordinatorConfiguration> bootstrap) {
    // Caller tokens come from the environment: token: ${HITL_TOKEN_RUNTIME}
    // (strictly: an undefined variable without a default stops the start and is named)
    StrictEnvironment.substitute(bootstrap);
    bootstrap.setValidatorFactory(CachedParameterNames.validatorFactory());
    configurationFile = ConfigurationFile.install(bootstrap, CoordinatorConfiguration.class);
    bootstrap.addCommand(
        CoordinatorServerCommand.create(this, "serve", "Runs the coordinator (alias of 'server')"));
    bootstrap.addCommand(new DevInitCommand());
    bootstrap.addCommand(new KeysCommand());
    bootstrap.addCommand(new PolicyCommand());
    bootstrap.addCommand(new HitlCommand<>(this));
    bootstrap.addCommand(
        new AuditCommand<>(
            CoordinatorConfiguration.class,
            configuration ->
                new AuditCommand.Settings(
                    configuration.getPolicy().policyFile(),
                    configuration.getPolicy().buildPolicyTrust(),
                    configuration.getAudit().getCheckpointEveryEvents())));
    // db migrate, db status, ... and db backup, db restore (docs/operations.md)
    bootstrap.addCommand(
        new DatabaseCommand<>(
            CoordinatorConfiguration::buildDataSourceFactory, CoordinatorConfiguration.class));
  }

  @Override
  public void run(CoordinatorConfiguration configuration, Environment environment) {
    CoordinatorRegistrations.httpPlumbing(configuration, environment);
    Clock clock = clock();
    CoordinatorContext context = CoordinatorContext.open(configuration, environment, clock);
    CoordinatorRegistrations.monitoring(configuration, environment, context, clock);
    CoordinatorRegistrations.authentication(environment, context);
    CoordinatorRegistrations.rateLimits(configuration, environment, nanoTime(), clock);
    CoordinatorRegistrations.resources(environment, context);
    CoordinatorRegistrations.webhooks(configuration, environment, context, clock);
    CoordinatorRegistrations.retention(configuration, environment, context, clock);
    CoordinatorRegistrations.auditCheckpoints(configuration, environment, context, clock);
    Reloads.install(environment, CoordinatorVersion.NAME, policyReload(configuration, context));
    Readiness.install(environment, CoordinatorVersion.NAME);
    context.logReady();
  }

  /** Reads the configuration file again for the policy and the keys it names. */
  private PolicyReload policyReload(
      CoordinatorConfiguration configuration, CoordinatorContext context) {
    return new PolicyReload(
        () -> configurationFile.read().buildReloadSettings(),
        context.keys(),
        configuration.getCallers());
  }

  /**
   * The time source of expiry, cooldowns, tokens and webhook retries; tests substitute one they can
   * move.
   */
  protected Clock clock() {
    return Clock.systemUTC();
  }

  /** The time source of the rate limiters (monotonic); tests substitute one they can move. */
  protected Supplier<Long> nanoTime() {
    return System::nanoTime;
  }
}
