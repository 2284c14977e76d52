package io.causality.sim.cli;

import com.codahale.metrics.MetricRegistry;
import io.causality.common.cli.CommandOutput;
import io.causality.common.config.ServiceConfiguration;
import io.causality.common.db.StartupMigrations;
import io.causality.sim.core.organization.AdminInputException;
import io.causality.sim.core.organization.OrganizationAdmin;
import io.dropwizard.core.cli.Cli;
import io.dropwizard.core.cli.ConfiguredCommand;
import io.dropwizard.core.setup.Bootstrap;
import io.dropwizard.db.DataSourceFactory;
import io.dropwizard.db.ManagedDataSource;
import java.security.SecureRandom;
import java.time.Clock;
import net.sourceforge.argparse4j.inf.Namespace;
import org.jdbi.v3.core.Jdbi;
import org.jdbi.v3.sqlobject.SqlObjectPlugin;

/**
 * An admin command on the service's database. It works while the service runs: the embedded
 * database is opened in H2's auto-server mode, so the second process goes through the first. The
 * answer goes to standard output; logs and errors to standard error.
 *
 * <p>The application gives its configuration class, so that the commands depend on the shared
 * configuration base and not on the application's package.
 */
abstract class AdminCommand<C extends ServiceConfiguration> extends ConfiguredCommand<C> {
  private final Class<C> configurationClass;

  AdminCommand(String name, String description, Class<C> configurationClass) {
    super(name, description);
    this.configurationClass = configurationClass;
  }

  @Override
  protected Class<C> getConfigurationClass() {
    return configurationClass;
  }

  /** Does the work and prints the answer. */
  abstract void execute(OrganizationAdmin admin, Namespace namespace);

  @Override
  protected void run(Bootstrap<C> bootstrap, Namespace namespace, C configuration)
      throws Exception {
    CommandOutput.logWarningsToStandardError();
    DataSourceFactory factory = configuration.buildDataSourceFactory();
    ManagedDataSource dataSource = factory.build(new MetricRegistry(), "admin");
    try {
      if (configuration.isMigrateOnStart()) {
        StartupMigrations.apply(dataSource);
      }
      Jdbi jdbi = Jdbi.create(dataSource).installPlugin(new SqlObjectPlugin());
      execute(new OrganizationAdmin(jdbi, Clock.systemUTC(), new SecureRandom()), namespace);
    } finally {
      dataSource.stop();
    }
  }

  @Override
  public void onError(Cli cli, Namespace namespace, Throwable e) {
    if (e instanceof AdminInputException) {
      cli.getStdErr().println("error: " + e.getMessage());
    } else {
      cli.getStdErr().println("error: " + getName() + " failed: " + e.getMessage());
    }
  }
}
