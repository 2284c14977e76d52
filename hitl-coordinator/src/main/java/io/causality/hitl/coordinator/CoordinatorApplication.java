package io.causality.hitl.coordinator;

import io.causality.common.cli.ServeCommand;
import io.causality.common.db.LiquibaseDefaults;
import io.causality.common.db.StartupMigrations;
import io.causality.common.health.HealthReport;
import io.causality.common.http.HttpPlumbing;
import io.causality.hitl.coordinator.config.BindAddress;
import io.causality.hitl.coordinator.resources.HealthzResource;
import io.dropwizard.core.Application;
import io.dropwizard.core.server.DefaultServerFactory;
import io.dropwizard.core.setup.Bootstrap;
import io.dropwizard.core.setup.Environment;
import io.dropwizard.db.DataSourceFactory;
import io.dropwizard.db.ManagedDataSource;
import io.dropwizard.jdbi3.JdbiFactory;
import io.dropwizard.jetty.HttpConnectorFactory;
import io.dropwizard.migrations.MigrationsBundle;
import java.util.List;
import org.jdbi.v3.core.Jdbi;

/** The override-request coordinator. Reading {@link #run} shows the whole service. */
public class CoordinatorApplication extends Application<CoordinatorConfiguration> {
  public static final String NAME = "hitl-coordinator";

  public static void main(String[] args) throws Exception {
    LiquibaseDefaults.disableAnalytics();
    new CoordinatorApplication().run(args);
  }

  @Override
  public String getName() {
    return NAME;
  }

  @Override
  public void initialize(Bootstrap<CoordinatorConfiguration> bootstrap) {
    bootstrap.addCommand(new ServeCommand<>(this));
    bootstrap.addBundle(new MigrationsBundle<>() {
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
    HttpPlumbing.install(environment, configuration.getServerFactory());
    openDatabase(configuration, environment);
    HealthReport health = new HealthReport(environment.healthChecks(), NAME, version());
    environment.jersey().register(new HealthzResource(health));
  }

  /**
   * The seed's {@code bind} decides where the API listens; Dropwizard's {@code server} block
   * still configures the admin connector, threads and the request log.
   */
  private static void listenOn(CoordinatorConfiguration configuration) {
    BindAddress bind = configuration.bindAddress();
    if (configuration.getCallers().isEmpty() && !bind.isLoopback()) {
      throw new IllegalStateException("bind " + configuration.getBind() + " is not a loopback "
          + "address: configure callers (bearer tokens) before exposing the coordinator");
    }
    if (!(configuration.getServerFactory() instanceof DefaultServerFactory server)) {
      throw new IllegalStateException("server.type must be 'default' for the coordinator");
    }
    HttpConnectorFactory api = new HttpConnectorFactory();
    api.setBindHost(bind.host());
    api.setPort(bind.port());
    server.setApplicationConnectors(List.of(api));
  }

  private static Jdbi openDatabase(CoordinatorConfiguration configuration, Environment env) {
    DataSourceFactory factory = configuration.buildDataSourceFactory();
    ManagedDataSource dataSource = factory.build(env.metrics(), "database");
    if (configuration.isMigrateOnStart()) {
      StartupMigrations.apply(dataSource);
    }
    return new JdbiFactory().build(env, factory, dataSource, "database");
  }

  static String version() {
    String version = CoordinatorApplication.class.getPackage().getImplementationVersion();
    return version != null ? version : "development";
  }
}
