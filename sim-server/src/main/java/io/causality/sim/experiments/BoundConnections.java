package io.causality.sim.experiments;

import io.causality.common.db.ConnectionDecorator;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.function.Supplier;
import javax.sql.DataSource;

/**
 * A data source that hands db-scheduler the connection of the caller's transaction while one is
 * bound to the thread ({@link #with}), so that queueing work commits or rolls back with the
 * transaction that makes the work due (what Spring's transaction-aware data source does for
 * db-scheduler's Spring users). The connection it hands out ignores {@code close}: the
 * transaction's owner closes it. Unbound, it is the pool.
 */
final class BoundConnections extends ConnectionDecorator {
  private final ThreadLocal<Connection> bound = new ThreadLocal<>();

  BoundConnections(DataSource pool) {
    super(pool);
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

  private static Connection unclosable(Connection connection) {
    return intercepting(
        connection,
        (target, method, call) ->
            switch (method) {
              case "close" -> null;
              case "isClosed" -> target.isClosed();
              default -> call.proceed();
            });
  }
}
