package io.causality.common.db;

import io.dropwizard.db.ManagedDataSource;
import io.dropwizard.migrations.CloseableLiquibaseWithClassPathMigrationsFile;
import java.util.Map;
import liquibase.Contexts;
import liquibase.LabelExpression;
import liquibase.Scope;
import liquibase.UpdateSummaryOutputEnum;
import liquibase.ui.LoggerUIService;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Applies the service's Liquibase changelog when the service starts, so that the embedded default
 * needs no separate step. Operators who run {@code db migrate} themselves switch it off.
 */
public final class StartupMigrations {
  /** Where each jar carries its changelog (packed from migrations/&lt;service&gt;/). */
  public static final String CHANGELOG = "migrations/changelog.xml";

  private static final Logger LOG = LoggerFactory.getLogger(StartupMigrations.class);

  private StartupMigrations() {}

  public static void apply(ManagedDataSource dataSource) {
    LiquibaseDefaults.disableAnalytics();
    try {
      // Liquibase prints its summary on standard output unless told to log it instead, which
      // would spoil the output of the admin commands.
      Scope.child(Map.of(Scope.Attr.ui.name(), new LoggerUIService()), () -> update(dataSource));
    } catch (Exception e) {
      throw new IllegalStateException("Database migration failed: " + e.getMessage(), e);
    }
  }

  private static void update(ManagedDataSource dataSource) throws Exception {
    try (var liquibase = new CloseableLiquibaseWithClassPathMigrationsFile(dataSource, CHANGELOG)) {
      liquibase.setShowSummaryOutput(UpdateSummaryOutputEnum.LOG);
      int pending = liquibase.listUnrunChangeSets(new Contexts(), new LabelExpression()).size();
      liquibase.update(new Contexts(), new LabelExpression());
      LOG.info("Database schema is current ({} change sets applied at start)", pending);
    }
  }
}
