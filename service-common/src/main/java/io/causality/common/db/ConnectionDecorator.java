package io.causality.common.db;

import java.io.PrintWriter;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.Objects;
import java.util.logging.Logger;
import javax.sql.DataSource;

/**
 * A pool as a library gets it when the library needs its connections to behave differently from the
 * pool's (its own transaction handling, a connection it must not close): every call goes to the
 * pool, and a subclass decides which connection {@link #getConnection()} hands out, usually the
 * pool's wrapped by {@link #intercepting}. Libraries take a {@link DataSource}, not a Jdbi, so this
 * is where their connections can be shaped.
 */
public abstract class ConnectionDecorator implements DataSource {
  /** What happens to one call on a connection handed out by {@link #intercepting}. */
  @FunctionalInterface
  protected interface Interceptor {
    /**
     * The answer to {@code method} called on {@code connection}; {@code proceed} makes the call on
     * the connection itself.
     */
    Object call(Connection connection, String method, Call proceed) throws Throwable;
  }

  /** The call on the connection itself. */
  @FunctionalInterface
  protected interface Call {
    Object proceed() throws Throwable;
  }

  protected final DataSource pool;

  protected ConnectionDecorator(DataSource pool) {
    this.pool = Objects.requireNonNull(pool, "pool");
  }

  /** A connection whose calls go through {@code interceptor}, with the driver's exceptions. */
  protected static Connection intercepting(Connection connection, Interceptor interceptor) {
    return (Connection)
        Proxy.newProxyInstance(
            Connection.class.getClassLoader(),
            new Class<?>[] {Connection.class},
            (proxy, method, args) ->
                interceptor.call(
                    connection,
                    method.getName(),
                    () -> {
                      try {
                        return method.invoke(connection, args);
                      } catch (InvocationTargetException e) {
                        throw e.getCause();
                      }
                    }));
  }

  /** The same connection as {@link #getConnection()}: the pool has one set of credentials. */
  @Override
  public Connection getConnection(String username, String password) throws SQLException {
    return getConnection();
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
