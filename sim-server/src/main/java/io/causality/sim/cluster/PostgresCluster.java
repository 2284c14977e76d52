package io.causality.sim.cluster;

import io.causality.common.db.Parameters;
import io.causality.sim.core.Cluster;
import io.dropwizard.db.DataSourceFactory;
import io.dropwizard.lifecycle.Managed;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.Properties;
import java.util.Set;
import java.util.UUID;
import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.Jdbi;
import org.postgresql.PGConnection;
import org.postgresql.PGNotification;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Several instances on one PostgreSQL database (docs/operations.md, "High availability").
 *
 * <p>One dedicated connection per instance, outside the pool, does two things. It holds an advisory
 * lock named after the instance for as long as the instance lives: the database releases it when
 * the process or its connection dies, which is how the others know that what it played is played no
 * more. And it {@code LISTEN}s: every stored change of a simulation is a {@code NOTIFY} in the same
 * transaction (delivered at commit), so that each instance tells its own event streams to read the
 * change from storage.
 *
 * <p>If the connection breaks, it is opened again; the streams are then told that every simulation
 * they follow may have changed, as notifications may have been missed.
 */
public final class PostgresCluster implements Cluster, Managed {
  static final String CHANNEL = "causality_simulations";

  /** The first key of the instances' advisory locks ("CAUS"), apart from others' locks. */
  static final int LOCK_NAMESPACE = 0x43415553;

  private static final String LOCK_INSTANCE = "SELECT pg_advisory_lock(?, ?)";
  private static final Logger LOG = LoggerFactory.getLogger(PostgresCluster.class);
  private static final int POLL_MILLIS = 500;
  private static final Duration RECONNECT_DELAY = Duration.ofSeconds(2);

  /** What the instance does with what it hears. */
  public interface Listener {
    /** Another instance stored a change of the simulation. */
    void changedElsewhere(UUID simulationId);

    /** The simulations this instance's streams follow (after a reconnect, all may have). */
    Set<UUID> watched();

    /** From time to time: pause what instances that died were playing. */
    void sweep();
  }

  private final String self = UUID.randomUUID().toString();
  private final DataSourceFactory database;
  private final Jdbi jdbi;
  private final long sweepNanos;
  private volatile Listener listener;
  private volatile boolean stopping;
  private Thread thread;

  public PostgresCluster(DataSourceFactory database, Jdbi jdbi, Duration sweepInterval) {
    this.database = database;
    this.jdbi = jdbi;
    this.sweepNanos = sweepInterval.toNanos();
  }

  /** Before {@link #start}: whom to tell. */
  public void listener(Listener listener) {
    this.listener = listener;
  }

  @Override
  public boolean shared() {
    return true;
  }

  @Override
  public String self() {
    return self;
  }

  @Override
  public boolean alive(String instance) {
    if (instance == null) {
      return false;
    }
    if (instance.equals(self)) {
      return true;
    }
    return jdbi.withHandle(
            handle ->
                handle
                    .createQuery(
                        """
            SELECT COUNT(*) FROM pg_locks
            WHERE locktype = 'advisory' AND granted AND objsubid = 2
              AND classid::bigint = :namespace AND objid::bigint = :key
              AND database = (SELECT oid FROM pg_database WHERE datname = current_database())
            """)
                    .bind("namespace", LOCK_NAMESPACE)
                    .bind("key", (long) lockKey(instance))
                    .mapTo(Long.class)
                    .one())
        > 0;
  }

  @Override
  public void changed(Handle handle, UUID simulationId) {
    // NOTIFY takes no parameters; both parts are UUIDs, printed by UUID.toString
    handle.execute("NOTIFY " + CHANNEL + ", '" + simulationId + " " + self + "'");
  }

  @Override
  public void start() throws Exception {
    Connection first = connect();
    thread = new Thread(() -> run(first), "cluster-listener");
    thread.setDaemon(true);
    thread.start();
    LOG.info("Instance {} listens for the changes other instances store", self);
  }

  @Override
  public void stop() throws Exception {
    stopping = true;
    if (thread != null) {
      thread.interrupt();
      thread.join(RECONNECT_DELAY.toMillis() + POLL_MILLIS);
    }
  }

  private void run(Connection first) {
    Connection connection = first;
    while (!stopping) {
      try {
        if (connection == null) {
          connection = connect();
          everythingMayHaveChanged();
        }
        listen(connection);
      } catch (SQLException e) {
        if (!stopping) {
          LOG.warn("The cluster connection failed ({}); opening it again", e.getMessage());
        }
        close(connection);
        connection = null;
        pause(RECONNECT_DELAY);
      } catch (RuntimeException e) {
        LOG.error("Handling a change from another instance failed", e);
      }
    }
    close(connection);
  }

  private void listen(Connection connection) throws SQLException {
    PGConnection pg = connection.unwrap(PGConnection.class);
    long nextSweep = System.nanoTime();
    while (!stopping) {
      PGNotification[] notifications = pg.getNotifications(POLL_MILLIS);
      if (notifications != null) {
        changed(notifications).forEach(listener::changedElsewhere);
      }
      if (System.nanoTime() - nextSweep >= 0) {
        listener.sweep();
        nextSweep = System.nanoTime() + sweepNanos;
      }
    }
  }

  /** The simulations others changed, once each however many changes were heard. */
  private Set<UUID> changed(PGNotification[] notifications) {
    Set<UUID> changed = new LinkedHashSet<>();
    for (PGNotification notification : notifications) {
      String[] parts = notification.getParameter().split(" ");
      if (parts.length == 2 && !parts[1].equals(self)) {
        changed.add(UUID.fromString(parts[0]));
      }
    }
    return changed;
  }

  private void everythingMayHaveChanged() {
    listener.watched().forEach(listener::changedElsewhere);
  }

  /** The dedicated connection: the instance's lock taken, listening. */
  private Connection connect() throws SQLException {
    Properties properties = new Properties();
    properties.putAll(database.getProperties());
    if (database.getUser() != null) {
      properties.setProperty("user", database.getUser());
    }
    if (database.getPassword() != null) {
      properties.setProperty("password", database.getPassword());
    }
    Connection connection = DriverManager.getConnection(database.getUrl(), properties);
    try (PreparedStatement lock = connection.prepareStatement(LOCK_INSTANCE);
        Statement listen = connection.createStatement()) {
      Parameters.bind(lock, 1, LOCK_NAMESPACE, lockKey(self));
      lock.execute();
      // LISTEN takes no parameters; the channel is a constant
      listen.execute("LISTEN " + CHANNEL);
      return connection;
    } catch (SQLException e) {
      close(connection);
      throw e;
    }
  }

  /** The second key of an instance's lock; positive, as pg_locks shows it unsigned. */
  static int lockKey(String instance) {
    return instance.hashCode() & Integer.MAX_VALUE;
  }

  private static void close(Connection connection) {
    if (connection != null) {
      try {
        connection.close();
      } catch (SQLException e) {
        LOG.debug("Closing the cluster connection: {}", e.getMessage());
      }
    }
  }

  private static void pause(Duration delay) {
    try {
      Thread.sleep(delay.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
