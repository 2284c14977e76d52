package io.causality.common.db;

import static org.assertj.core.api.Assertions.assertThat;

import com.codahale.metrics.MetricRegistry;
import io.dropwizard.lifecycle.setup.LifecycleEnvironment;
import java.lang.reflect.Proxy;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import javax.sql.DataSource;
import org.h2.jdbcx.JdbcDataSource;
import org.h2.mvstore.FileStore;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EmbeddedStoreHousekeepingTest {
  private static final int ROWS = 200;
  private static final int UPDATES = 3_000;

  @TempDir Path directory;

  @Test
  void passesRewriteTheSparseChunksThatCommitsWithoutWriteDelayLeave() throws Exception {
    JdbcDataSource dataSource = dataSource(DurableDatabase.h2FileUrl(directory.resolve("sparse")));
    try (Connection held = dataSource.getConnection()) {
      FileStore<?> file = EmbeddedStoreHousekeeping.store(held).orElseThrow().getFileStore();
      leaveSparseChunks(held);
      int before = file.getChunksFillRate();

      EmbeddedStoreHousekeeping housekeeping =
          new EmbeddedStoreHousekeeping(dataSource, EmbeddedStoreHousekeeping.INTERVAL);
      for (int pass = 0; pass < 20; pass++) {
        housekeeping.run();
      }

      // H2 never compacts a store whose write delay is 0 by itself: one commit a row update left
      // the chunks two thirds empty (33 % live here), and the passes gathered their live pages
      // into full ones (70 %).
      assertThat(before).isLessThan(40);
      assertThat(file.getChunksFillRate()).isGreaterThan(before + 25).isGreaterThan(60);
      try (Statement query = held.createStatement();
          var count = query.executeQuery("SELECT COUNT(*), SUM(version) FROM items")) {
        count.next();
        assertThat(count.getInt(1)).isEqualTo(ROWS);
        assertThat(count.getLong(2)).isEqualTo(UPDATES);
      }
    }
  }

  @Test
  void aDatabaseWithoutAFileHasNothingToKeep() throws Exception {
    JdbcDataSource dataSource = dataSource("jdbc:h2:mem:housekeeping;DB_CLOSE_DELAY=-1");
    try (Connection held = dataSource.getConnection()) {
      leaveSparseChunks(held);
      new EmbeddedStoreHousekeeping(dataSource, EmbeddedStoreHousekeeping.INTERVAL).run();
    }
  }

  @Test
  void itRunsOnItsOwnThreadUntilStopped() throws Exception {
    CountDownLatch passes = new CountDownLatch(3);
    Thread[] passer = new Thread[1];
    JdbcDataSource database = dataSource(DurableDatabase.h2FileUrl(directory.resolve("threaded")));
    DataSource counted =
        (DataSource)
            Proxy.newProxyInstance(
                getClass().getClassLoader(),
                new Class<?>[] {DataSource.class},
                (proxy, method, args) -> {
                  if (method.getName().equals("getConnection")) {
                    passer[0] = Thread.currentThread();
                    passes.countDown();
                  }
                  return method.invoke(database, args);
                });
    EmbeddedStoreHousekeeping housekeeping =
        new EmbeddedStoreHousekeeping(counted, Duration.ofMillis(1));
    housekeeping.start();
    try {
      assertThat(passes.await(30, TimeUnit.SECONDS)).isTrue();
    } finally {
      housekeeping.stop();
    }
    // The pool is terminated once its worker leaves its loop, a moment before the thread ends.
    passer[0].join(TimeUnit.SECONDS.toMillis(30));
    assertThat(passer[0].getName()).isEqualTo("h2-housekeeping");
    assertThat(passer[0].isAlive()).isFalse();
  }

  @Test
  void itIsManagedForAnEmbeddedFileOnly() {
    LifecycleEnvironment lifecycle = new LifecycleEnvironment(new MetricRegistry());
    JdbcDataSource dataSource = new JdbcDataSource();

    EmbeddedStoreHousekeeping.manageFor(
        lifecycle, "jdbc:postgresql://localhost/causality", dataSource);
    EmbeddedStoreHousekeeping.manageFor(lifecycle, "jdbc:h2:mem:test", dataSource);
    EmbeddedStoreHousekeeping.manageFor(lifecycle, "jdbc:h2:tcp://localhost/test", dataSource);
    assertThat(lifecycle.getManagedObjects()).isEmpty();

    EmbeddedStoreHousekeeping.manageFor(
        lifecycle, DurableDatabase.h2FileUrl(directory.resolve("managed")), dataSource);
    assertThat(lifecycle.getManagedObjects()).hasSize(1);
  }

  private static JdbcDataSource dataSource(String url) {
    JdbcDataSource dataSource = new JdbcDataSource();
    dataSource.setURL(url);
    dataSource.setUser("sa");
    return dataSource;
  }

  /**
   * Commits {@link #UPDATES} single-row updates, each of which H2 writes as a chunk of its own,
   * with chunks reusable at once (a retention time of 0) so that the test needs no waiting.
   */
  private static void leaveSparseChunks(Connection connection) throws SQLException {
    try (Statement statement = connection.createStatement()) {
      statement.execute("SET RETENTION_TIME 0");
      statement.execute(
          "CREATE TABLE items (id INT PRIMARY KEY, version BIGINT NOT NULL, payload VARCHAR(400))");
      statement.execute(
          "INSERT INTO items SELECT X, 0, REPEAT('p', 400) FROM SYSTEM_RANGE(1, " + ROWS + ")");
    }
    try (PreparedStatement update =
        connection.prepareStatement("UPDATE items SET version = version + 1 WHERE id = ?")) {
      for (int i = 0; i < UPDATES; i++) {
        update.setInt(1, 1 + (int) ((i * 7919L) % ROWS));
        update.executeUpdate();
      }
    }
  }
}
