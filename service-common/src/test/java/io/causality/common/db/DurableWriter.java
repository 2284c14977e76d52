package io.causality.common.db;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.time.Duration;
import org.h2.jdbcx.JdbcDataSource;

/**
 * Child process of {@link DurableCommitKillIntegrationTest}: commits rows one at a time and prints
 * each id only after its commit returned, as a service acknowledges a write.
 */
public final class DurableWriter {
  /**
   * With housekeeping, chunks are reusable at once (retention time 0, which the services never
   * set), so a read of an older version can find its chunk gone: H2's automatic ANALYZE, which a
   * commit starts every 2,000 changed rows and which reads the table as of its start, then failed
   * the writer with "Chunk N not found" (2026-11-29: once in a CI run, once in 60 repetitions; none
   * in 120 without it). The writer's own statements read the latest version only, whose chunks are
   * live; without the ANALYZE, the test keeps freeing chunks at once beside them.
   */
  private static final String NO_AUTO_ANALYZE = ";ANALYZE_AUTO=0";

  private DurableWriter() {}

  /**
   * Arguments: the database's URL, and optionally {@code housekeeping}: then {@link
   * EmbeddedStoreHousekeeping} compacts the file as fast as it can while the rows are written, each
   * commit also updates one row (which leaves the chunks sparse), and chunks are reusable at once.
   */
  public static void main(String[] args) throws Exception {
    boolean housekeeping = args.length > 1 && args[1].equals("housekeeping");
    String url = DurableDatabase.enforceDurability(args[0] + (housekeeping ? NO_AUTO_ANALYZE : ""));
    try (Connection connection = DriverManager.getConnection(url, "sa", "")) {
      connection
          .createStatement()
          .execute("CREATE TABLE IF NOT EXISTS acks (id BIGINT PRIMARY KEY, payload VARCHAR(100))");
      connection.setAutoCommit(true);
      if (housekeeping) {
        startHousekeeping(connection, url);
      }
      try (PreparedStatement insert =
              connection.prepareStatement("INSERT INTO acks (id, payload) VALUES (?, ?)");
          PreparedStatement touch =
              connection.prepareStatement("UPDATE acks SET payload = ? WHERE id = ?")) {
        for (long id = 0; ; id++) {
          insert.setLong(1, id);
          insert.setString(2, "row-" + id);
          if (housekeeping && id > 0) {
            connection.setAutoCommit(false);
            insert.executeUpdate();
            touch.setString(1, "touched-" + id);
            touch.setLong(2, id / 2);
            touch.executeUpdate();
            connection.commit();
            connection.setAutoCommit(true);
          } else {
            insert.executeUpdate();
          }
          System.out.println(id);
          System.out.flush();
        }
      }
    }
  }

  private static void startHousekeeping(Connection connection, String url) throws Exception {
    connection.createStatement().execute("SET RETENTION_TIME 0");
    JdbcDataSource dataSource = new JdbcDataSource();
    dataSource.setURL(url);
    dataSource.setUser("sa");
    new EmbeddedStoreHousekeeping(dataSource, Duration.ofMillis(1)).start();
  }
}
