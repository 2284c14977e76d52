package io.causality.common.db;

import io.causality.common.schedule.PeriodicTask;
import io.dropwizard.lifecycle.Managed;
import io.dropwizard.lifecycle.setup.LifecycleEnvironment;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Optional;
import javax.sql.DataSource;
import org.h2.engine.Session;
import org.h2.engine.SessionLocal;
import org.h2.jdbc.JdbcConnection;
import org.h2.mvstore.FileStore;
import org.h2.mvstore.MVStore;

/**
 * Compacts an embedded H2 file while the service runs, as H2 itself does when commits are delayed.
 *
 * <p>H2 appends every commit's changed pages to its file as a new chunk, and reuses a chunk's space
 * only once none of its pages is live any more. Its background writer thread rewrites the few live
 * pages of sparse chunks so that their space comes free, and moves chunks to shrink the file; but
 * H2 starts that thread only with a write delay, and the services set {@code WRITE_DELAY=0} so that
 * a commit is in the file before its answer ({@link DurableDatabase}). Without it, steps at 2,000 a
 * second grew a file of 0.2 GB of live data to 7.9 GB in a minute and a half, and every commit paid
 * more to find free space in it (docs/performance.md, "Simulation HTTP").
 *
 * <p>This runs, on a thread of its own, the pass that H2's background writer thread runs ({@code
 * FileStore.writeInBackground}: the housekeeping, bounded in bytes by H2 itself, under H2's store
 * lock, beside concurrent commits as in H2's own use). H2 keeps that method to its package, so it
 * is called by reflection; {@code EmbeddedStoreHousekeepingTest} fails on an H2 that changes it.
 */
public final class EmbeddedStoreHousekeeping implements Managed {
  /** H2's own pass, as its background writer thread calls it. */
  private static final Method PASS = housekeepingPass();

  /**
   * How often a pass runs: H2's own thread runs every 166 ms at its default write delay of 500 ms.
   * A pass that finds nothing to do costs a few microseconds.
   */
  static final Duration INTERVAL = Duration.ofMillis(200);

  private final DataSource dataSource;
  private final PeriodicTask passes;

  /** Housekeeping of the embedded database behind {@code dataSource} every {@code interval}. */
  EmbeddedStoreHousekeeping(DataSource dataSource, Duration interval) {
    this.dataSource = dataSource;
    this.passes =
        new PeriodicTask(
            "h2-housekeeping", EmbeddedStoreHousekeeping.class, interval, interval, this::run);
  }

  /**
   * Housekeeping at the services' interval, started and stopped by the caller: the benchmarks'
   * least work keeps its file as the services keep theirs (docs/performance.md, "Simulation HTTP").
   */
  public static EmbeddedStoreHousekeeping atServiceInterval(DataSource dataSource) {
    return new EmbeddedStoreHousekeeping(dataSource, INTERVAL);
  }

  /**
   * Runs the housekeeping while the service runs when {@code url} is an embedded H2 file. Register
   * it after the data source, so that it stops first.
   */
  public static void manageFor(LifecycleEnvironment lifecycle, String url, DataSource dataSource) {
    if (DurableDatabase.isEmbeddedH2File(url)) {
      lifecycle.manage(new EmbeddedStoreHousekeeping(dataSource, INTERVAL));
    }
  }

  /**
   * Passes on a thread of its own ({@link PeriodicTask}): a failing one is logged, and the next
   * tries again; a store that cannot be compacted still serves every request.
   */
  @Override
  public void start() {
    passes.start();
  }

  /** Lets a pass under way finish, and runs no more. */
  @Override
  public void stop() throws InterruptedException {
    passes.stop();
  }

  /** One pass, now: what H2's background writer thread does each time it wakes. */
  public void run() throws SQLException {
    try (Connection connection = dataSource.getConnection()) {
      store(connection).ifPresent(EmbeddedStoreHousekeeping::pass);
    }
  }

  /** The store of an embedded connection; none through a TCP session (another process's file). */
  static Optional<MVStore> store(Connection connection) throws SQLException {
    Session session = connection.unwrap(JdbcConnection.class).getSession();
    if (!(session instanceof SessionLocal local)) {
      return Optional.empty();
    }
    return Optional.of(local.getDatabase().getStore().getMvStore());
  }

  private static void pass(MVStore store) {
    FileStore<?> file = store.getFileStore();
    if (file == null) {
      return;
    }
    try {
      PASS.invoke(file);
    } catch (IllegalAccessException e) {
      throw new IllegalStateException(e);
    } catch (InvocationTargetException e) {
      throw new IllegalStateException("H2 housekeeping failed", e.getCause());
    }
  }

  private static Method housekeepingPass() {
    try {
      Method pass = FileStore.class.getDeclaredMethod("writeInBackground");
      pass.setAccessible(true);
      return pass;
    } catch (NoSuchMethodException e) {
      throw new ExceptionInInitializerError(
          "this H2 has no FileStore.writeInBackground(): check EmbeddedStoreHousekeeping");
    }
  }
}
