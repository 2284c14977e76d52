package io.causality.sim;

import io.causality.common.cli.ConfigurationCheckCommand;
import io.causality.common.cli.ServeCommand;
import io.causality.common.config.StrictEnvironment;
import io.causality.common.db.DatabaseCommand;
import io.causality.common.db.ProcessDefaults;
import io.causality.common.http.CachedParameterNames;
import io.causality.common.lifecycle.Readiness;
import io.causality.common.lifecycle.Reloads;
import io.causality.common.tracing.Tracing;
import io.causality.sim.cli.ApiKeyCommand;
import io.causality.sim.cli.OrgCreateCommand;
import io.causality.sim.cli.UserAddCommand;
import io.causality.sim.config.EvaluationReload;
import io.causality.sim.console.ConsoleServlet;
import io.causality.sim.evaluation.EvaluationPolicyException;
import io.dropwizard.core.Application;
import io.dropwizard.core.setup.Bootstrap;
import io.dropwizard.core.setup.Environment;
import java.time.Clock;
import java.util.List;

/** The simulation service. Reading {@link #run} shows the whole service. */
public class SimApplication extends Application<SimConfiguration> {
  public static void main(String[] args) throws Exception {
    ProcessDefaults.apply();
    new SimApplication().run(args);
  }

  @Override
  public String getName() {
    return SimVersion.NAME;
  }

  /**
   * {@code server} prints a failed startup check as one line; {@code check} writes its verdict
   * before it exits.
   */
  @Override
  protected void addDefaultCommands(Bootstrap<SimConfiguration> bootstrap) {
    bootstrap.addCommand(serverCommand("server", "Runs the service"));
    bootstrap.addCommand(new ConfigurationCheckCommand<>(this));
  }

  private ServeCommand<SimConfiguration> serverCommand(String name, String description) {
    return new ServeCommand<>(
        this, name, description, SimVersion.NAME, List.of(EvaluationPolicyException.class));
  }

  @Override
  public void initialize(Bootstrap<SimConfiguration> bootstrap) {
    // Secrets come from the environment: jwtSecret: ${SIM_JWT_SECRET:-}
    // (strictly: an undefined variable without a default stops the start and is named)
    StrictEnvironment.substitute(bootstrap);
    bootstrap.setValidatorFactory(CachedParameterNames.validatorFactory());
    bootstrap.addCommand(serverCommand("serve", "Runs the service (alias of 'server')"));
    bootstrap.addCommand(new OrgCreateCommand<>(SimConfiguration.class));
    bootstrap.addCommand(new ApiKeyCommand<>(SimConfiguration.class));
    bootstrap.addCommand(new UserAddCommand<>(SimConfiguration.class));
    // db migrate, db status, ... and db backup, db restore (docs/operations.md)
    bootstrap.addCommand(
        new DatabaseCommand<>(SimConfiguration::buildDataSourceFactory, SimConfiguration.class));
  }

  @Override
  public void run(SimConfiguration configuration, Environment environment) {
    Tracing tracing = SimRegistrations.httpPlumbing(configuration, environment);
    SimContext context = SimContext.open(configuration, environment, clock(), tracing);
    SimRegistrations.monitoring(configuration, environment, context);
    SimRegistrations.authentication(configuration, environment, context);
    SimRegistrations.limits(configuration, environment, context);
    SimRegistrations.usageMeter(environment, context);
    SimRegistrations.engineRefusals(environment, context);
    LiveContext live = LiveContext.start(configuration, environment, context);
    SimRegistrations.eventStreams(environment, live);
    SimRegistrations.resources(configuration, environment, context, live);
    ConsoleServlet.register(environment);
    Reloads.install(
        environment,
        SimVersion.NAME,
        new EvaluationReload(configuration.getEvaluation(), context.evaluation(), context.clock()));
    Readiness.install(environment, SimVersion.NAME);
  }

  /** The time source of the service; tests substitute one they can move. */
  protected Clock clock() {
    return Clock.systemUTC();
  }
}
