package io.causality.hitl.coordinator.db;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import io.causality.common.db.EmbeddedDatabaseSecrets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import javax.sql.DataSource;
import liquibase.Scope;
import liquibase.command.CommandScope;
import liquibase.command.core.UpdateCommandStep;
import liquibase.command.core.helpers.DbUrlConnectionArgumentsCommandStep;
import liquibase.database.Database;
import liquibase.database.DatabaseFactory;
import liquibase.database.jvm.JdbcConnection;
import liquibase.resource.ClassLoaderResourceAccessor;
import org.h2.jdbcx.JdbcConnectionPool;
import org.jdbi.v3.core.Jdbi;
import org.jdbi.v3.sqlobject.SqlObjectPlugin;
import org.slf4j.LoggerFactory;

/**
 * A durable file-based H2 database in a test's temporary directory, migrated with the real
 * changelog (classpath {@code migrations/changelog.xml}, as packed into the jar).
 */
public final class TestDatabase implements AutoCloseable {

  /** Enough connections for the 64-thread concurrency tests plus their callers. */
  private static final int MAX_CONNECTIONS = 80;

  static {
    // Without a logback-test.xml logback logs everything at DEBUG; Liquibase's chatter
    // would drown the test output and slow every migration.
    quiet("liquibase");
    quiet("org.jdbi");
    quiet("org.h2");
    // Liquibase 4.30+ sends anonymous usage analytics unless told not to; tests stay offline.
    System.setProperty("liquibase.analytics.enabled", "false");
  }

  private final JdbcConnectionPool pool;
  private final Jdbi jdbi;

  private TestDatabase(JdbcConnectionPool pool) {
    this.pool = pool;
    this.jdbi = Jdbi.create(pool).installPlugin(new SqlObjectPlugin());
  }

  /**
   * The database {@code db} under {@code dir}, migrated: a new one, or the one a coordinator of the
   * test used (with the password it generated).
   */
  public static TestDatabase migrated(Path dir) throws Exception {
    Path database = dir.resolve("db").toAbsolutePath();
    String url = "jdbc:h2:file:" + database + ";WRITE_DELAY=0";
    JdbcConnectionPool pool =
        JdbcConnectionPool.create(url, "sa", EmbeddedDatabaseSecrets.passwordOf(database));
    pool.setMaxConnections(MAX_CONNECTIONS);
    migrate(pool);
    return new TestDatabase(pool);
  }

  public Jdbi jdbi() {
    return jdbi;
  }

  public DataSource dataSource() {
    return pool;
  }

  @Override
  public void close() {
    pool.dispose();
  }

  private static void quiet(String logger) {
    if (LoggerFactory.getLogger(logger) instanceof Logger logback) {
      logback.setLevel(Level.WARN);
    }
  }

  private static void migrate(JdbcConnectionPool pool) throws Exception {
    try (Connection connection = pool.getConnection()) {
      Database database =
          DatabaseFactory.getInstance()
              .findCorrectDatabaseImplementation(new JdbcConnection(connection));
      Scope.child(
          Scope.Attr.resourceAccessor.name(),
          new ClassLoaderResourceAccessor(TestDatabase.class.getClassLoader()),
          () ->
              new CommandScope(UpdateCommandStep.COMMAND_NAME)
                  .addArgumentValue(DbUrlConnectionArgumentsCommandStep.DATABASE_ARG, database)
                  .addArgumentValue(
                      UpdateCommandStep.CHANGELOG_FILE_ARG, "migrations/changelog.xml")
                  .execute());
    } catch (SQLException e) {
      throw new IllegalStateException("cannot open the test database", e);
    }
  }
}
