package io.causality.sim.ratelimit;

import java.io.PrintWriter;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.logging.Logger;
import javax.sql.DataSource;

/**
 * The service's pool as Bucket4j gets it: each connection is given back in auto-commit mode.
 * Bucket4j's JDBC integration switches auto-commit off for its transaction and leaves it off, and
 * the pool does not reset it; the next borrower's statements would then run in a transaction that
 * nobody commits (the first failure aborting every later statement on PostgreSQL).
 */
final class AutoCommitRestoring implements DataSource {
  private final DataSource pool;

  AutoCommitRestoring(DataSource pool) {
    this.pool = pool;
  }

  @Override
  public Connection getConnection() throws SQLException {
    return restoring(pool.getConnection());
  }

  @Override
  public Connection getConnection(String user, String password) throws SQLException {
    return restoring(pool.getConnection(user, password));
  }

  private static Connection restoring(Connection connection) {
    return (Connection)
        Proxy.newProxyInstance(
            Connection.class.getClassLoader(),
            new Class<?>[] {Connection.class},
            (proxy, method, args) -> {
              if (method.getName().equals("close") && !connection.isClosed()) {
                giveBack(connection);
              }
              try {
                return method.invoke(connection, args);
              } catch (InvocationTargetException e) {
                throw e.getCause();
              }
            });
  }

  /** Whatever Bucket4j left open is rolled back (it commits what it keeps) before auto-commit. */
  private static void giveBack(Connection connection) throws SQLException {
    if (!connection.getAutoCommit()) {
      connection.rollback();
      connection.setAutoCommit(true);
    }
  }

  @Override
  public PrintWriter getLogWriter() throws SQLException {
    return pool.getLogWriter();
  }

  @Override
  public void setLogWriter(PrintWriter out) throws SQLException {
    pool.setLogWriter(out);
  }

  @Override
  public void setLoginTimeout(int seconds) throws SQLException {
    pool.setLoginTimeout(seconds);
  }

  @Override
  public int getLoginTimeout() throws SQLException {
    return pool.getLoginTimeout();
  }

  @Override
  public Logger getParentLogger() throws SQLFeatureNotSupportedException {
    return pool.getParentLogger();
  }

  @Override
  public <T> T unwrap(Class<T> type) throws SQLException {
    return pool.unwrap(type);
  }

  @Override
  public boolean isWrapperFor(Class<?> type) throws SQLException {
    return pool.isWrapperFor(type);
  }
}
