package io.causality.sim.cli;

import com.codahale.metrics.MetricRegistry;
import io.causality.common.cli.CommandOutput;
import io.causality.common.db.StartupMigrations;
import io.causality.sim.SimConfiguration;
import io.causality.sim.core.AdminInputException;
import io.causality.sim.core.OrganizationAdmin;
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
 */
abstract class AdminCommand extends ConfiguredCommand<SimConfiguration> {
  AdminCommand(String name, String description) {
    super(name, description);
  }

  /** Does the work and prints the answer. */
  abstract void execute(OrganizationAdmin admin, Namespace namespace);

  @Override
  protected void run(
      Bootstrap<SimConfiguration> bootstrap, Namespace namespace, SimConfiguration configuration)
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
