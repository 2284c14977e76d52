package io.causality.sim.testing;

import io.causality.common.db.StartupMigrations;
import io.causality.common.testing.PostgresTestDatabase;
import io.dropwizard.db.DataSourceFactory;
import io.dropwizard.db.ManagedDataSource;
import io.dropwizard.migrations.CloseableLiquibaseWithClassPathMigrationsFile;
import java.util.List;
import liquibase.Contexts;
import liquibase.LabelExpression;
import liquibase.changelog.ChangeSet;

/**
 * Databases migrated up to a change set, for the tests of a change set that moves data: store rows
 * as the version before it did, then migrate on ({@link StartupMigrations#apply}).
 */
public final class PartialMigrations {
  private PartialMigrations() {}

  /** An H2 file of its own under target/. */
  public static DataSourceFactory h2(String name) {
    DataSourceFactory factory = new DataSourceFactory();
    factory.setDriverClass("org.h2.Driver");
    factory.setUrl("jdbc:h2:file:" + SimTestFixture.tempDirectory().resolve(name));
    factory.setUser("sa");
    factory.setPassword("");
    return factory;
  }

  /** The tests' PostgreSQL database. */
  public static DataSourceFactory postgres(PostgresTestDatabase database) {
    DataSourceFactory factory = new DataSourceFactory();
    factory.setDriverClass("org.postgresql.Driver");
    factory.setUrl(database.url());
    factory.setUser(database.user());
    factory.setPassword(database.password());
    return factory;
  }

  /** Applies every change set before the first whose id starts with {@code idPrefix}. */
  public static void upTo(ManagedDataSource dataSource, String idPrefix) throws Exception {
    try (var liquibase =
        new CloseableLiquibaseWithClassPathMigrationsFile(
            dataSource, StartupMigrations.CHANGELOG)) {
      List<ChangeSet> pending =
          liquibase.listUnrunChangeSets(new Contexts(), new LabelExpression());
      int before = 0;
      while (!pending.get(before).getId().startsWith(idPrefix)) {
        before++;
      }
      liquibase.update(before, new Contexts(), new LabelExpression());
    }
  }
}
