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
  private DurableWriter() {}

  /**
   * Arguments: the database's URL, and optionally {@code housekeeping}: then {@link
   * EmbeddedStoreHousekeeping} compacts the file as fast as it can while the rows are written, each
   * commit also updates one row (which leaves the chunks sparse), and chunks are reusable at once.
   */
  public static void main(String[] args) throws Exception {
    String url = DurableDatabase.enforceDurability(args[0]);
    boolean housekeeping = args.length > 1 && args[1].equals("housekeeping");
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
