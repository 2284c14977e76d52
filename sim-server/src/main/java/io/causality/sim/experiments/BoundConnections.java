package io.causality.sim.experiments;

import java.io.PrintWriter;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.function.Supplier;
import java.util.logging.Logger;
import javax.sql.DataSource;

/**
 * A data source that hands db-scheduler the connection of the caller's transaction while one is
 * bound to the thread ({@link #with}), so that queueing work commits or rolls back with the
 * transaction that makes the work due (what Spring's transaction-aware data source does for
 * db-scheduler's Spring users). The connection it hands out ignores {@code close}: the
 * transaction's owner closes it. Unbound, it is the pool.
 */
final class BoundConnections implements DataSource {
  private final DataSource pool;
  private final ThreadLocal<Connection> bound = new ThreadLocal<>();

  BoundConnections(DataSource pool) {
    this.pool = pool;
  }

  /** Runs {@code work} with {@code connection} bound to this thread. */
  <T> T with(Connection connection, Supplier<T> work) {
    Connection previous = bound.get();
    bound.set(connection);
    try {
      return work.get();
    } finally {
      if (previous == null) {
        bound.remove();
      } else {
        bound.set(previous);
      }
    }
  }

  @Override
  public Connection getConnection() throws SQLException {
    Connection connection = bound.get();
    return connection == null ? pool.getConnection() : unclosable(connection);
  }

  @Override
  public Connection getConnection(String username, String password) throws SQLException {
    return getConnection();
  }

  private static Connection unclosable(Connection connection) {
    InvocationHandler handler =
        (proxy, method, args) -> {
          if (method.getName().equals("close")) {
            return null;
          }
          if (method.getName().equals("isClosed")) {
            return connection.isClosed();
          }
          try {
            return method.invoke(connection, args);
          } catch (InvocationTargetException e) {
            throw e.getCause();
          }
        };
    return (Connection)
        Proxy.newProxyInstance(
            Connection.class.getClassLoader(), new Class<?>[] {Connection.class}, handler);
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
