package io.causality.common.db;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;

/**
 * Child process of {@link DurableCommitKillIntegrationTest}: commits rows one at a time and prints
 * each id only after its commit returned, as a service acknowledges a write.
 */
public final class DurableWriter {
  private DurableWriter() {}

  public static void main(String[] args) throws Exception {
    String url = DurableDatabase.enforceDurability(args[0]);
    try (Connection connection = DriverManager.getConnection(url, "sa", "")) {
      connection
          .createStatement()
          .execute("CREATE TABLE IF NOT EXISTS acks (id BIGINT PRIMARY KEY, payload VARCHAR(100))");
      connection.setAutoCommit(true);
      try (PreparedStatement insert =
          connection.prepareStatement("INSERT INTO acks (id, payload) VALUES (?, ?)")) {
        for (long id = 0; ; id++) {
          insert.setLong(1, id);
          insert.setString(2, "row-" + id);
          insert.executeUpdate();
          System.out.println(id);
          System.out.flush();
        }
      }
    }
  }
}
