package io.causality.sim.ratelimit;

import io.causality.common.db.ConnectionDecorator;
import java.sql.Connection;
import java.sql.SQLException;
import javax.sql.DataSource;

/**
 * The service's pool as Bucket4j gets it: each connection is given back in auto-commit mode.
 * Bucket4j's JDBC integration switches auto-commit off for its transaction and leaves it off, and
 * the pool does not reset it; the next borrower's statements would then run in a transaction that
 * nobody commits (the first failure aborting every later statement on PostgreSQL).
 */
final class AutoCommitRestoring extends ConnectionDecorator {
  AutoCommitRestoring(DataSource pool) {
    super(pool);
  }

  @Override
  public Connection getConnection() throws SQLException {
    return intercepting(
        pool.getConnection(),
        (connection, method, call) -> {
          if (method.equals("close") && !connection.isClosed()) {
            giveBack(connection);
          }
          return call.proceed();
        });
  }

  /** Whatever Bucket4j left open is rolled back (it commits what it keeps) before auto-commit. */
  private static void giveBack(Connection connection) throws SQLException {
    if (!connection.getAutoCommit()) {
      connection.rollback();
      connection.setAutoCommit(true);
    }
  }
}
