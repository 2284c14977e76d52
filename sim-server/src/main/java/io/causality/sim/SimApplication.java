package io.causality.sim;

import io.causality.common.cli.ServeCommand;
import io.causality.common.db.DurableDatabase;
import io.causality.common.db.StartupMigrations;
import io.causality.common.health.HealthReport;
import io.causality.common.http.HttpPlumbing;
import io.causality.sim.cli.ApiKeyCreateCommand;
import io.causality.sim.cli.OrgCreateCommand;
import io.causality.sim.cli.UserAddCommand;
import io.causality.sim.resources.HealthResource;
import io.dropwizard.core.Application;
import io.dropwizard.core.setup.Bootstrap;
import io.dropwizard.core.setup.Environment;
import io.dropwizard.db.DataSourceFactory;
import io.dropwizard.db.ManagedDataSource;
import io.dropwizard.jdbi3.JdbiFactory;
import io.dropwizard.migrations.MigrationsBundle;
import org.jdbi.v3.core.Jdbi;

/** The simulation service. Reading {@link #run} shows the whole service. */
public class SimApplication extends Application<SimConfiguration> {
  public static final String NAME = "sim-server";

  public static void main(String[] args) throws Exception {
    new SimApplication().run(args);
  }

  @Override
  public String getName() {
    return NAME;
  }

  @Override
  public void initialize(Bootstrap<SimConfiguration> bootstrap) {
    bootstrap.addCommand(new ServeCommand<>(this));
    bootstrap.addCommand(new OrgCreateCommand());
    bootstrap.addCommand(new ApiKeyCreateCommand());
    bootstrap.addCommand(new UserAddCommand());
    bootstrap.addBundle(new MigrationsBundle<>() {
      @Override
      public DataSourceFactory getDataSourceFactory(SimConfiguration configuration) {
        return durable(configuration.getDataSourceFactory());
      }

      @Override
      public String getMigrationsFileName() {
        return StartupMigrations.CHANGELOG;
      }
    });
  }

  @Override
  public void run(SimConfiguration configuration, Environment environment) {
    HttpPlumbing.install(environment, configuration.getServerFactory());
    Jdbi jdbi = openDatabase(configuration, environment);
    HealthReport health = new HealthReport(environment.healthChecks(), NAME, version());
    environment.jersey().register(new HealthResource(health));
  }

  private static Jdbi openDatabase(SimConfiguration configuration, Environment environment) {
    DataSourceFactory factory = durable(configuration.getDataSourceFactory());
    ManagedDataSource dataSource = factory.build(environment.metrics(), "database");
    if (configuration.isMigrateOnStart()) {
      StartupMigrations.apply(dataSource);
    }
    return new JdbiFactory().build(environment, factory, dataSource, "database");
  }

  /** The configured database, with durable commits forced on for embedded H2 files. */
  static DataSourceFactory durable(DataSourceFactory factory) {
    factory.setUrl(DurableDatabase.enforceDurability(factory.getUrl()));
    return factory;
  }

  static String version() {
    String version = SimApplication.class.getPackage().getImplementationVersion();
    return version != null ? version : "development";
  }
}
