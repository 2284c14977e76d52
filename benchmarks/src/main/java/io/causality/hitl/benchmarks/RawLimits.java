package io.causality.hitl.benchmarks;

import io.causality.hitl.protocol.crypto.Ps256;
import java.nio.file.Path;
import java.security.PrivateKey;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.stream.IntStream;

/**
 * The ceilings the coordinator is measured against, on the same machine in the same run: the JDK's
 * PS256 signing rate, and the rate of the durable embedded database's conditional updates, the
 * statement that makes redemption single use, without HTTP, JSON or the coordinator's other reads
 * and writes around it.
 */
final class RawLimits {

  private RawLimits() {}

  /** PS256 signatures of {@code text} on one thread, for about {@code seconds}. */
  static Measurement ps256Signing(String text, PrivateKey key, double seconds)
      throws InterruptedException {
    List<Integer> items = IntStream.range(0, 1_000_000).boxed().toList();
    Workers.run("warm-up", 1, items, 1_000_000_000L, (i, w) -> sign(text, key));
    return Workers.run(
        "raw PS256 signing", 1, items, (long) (seconds * 1e9), (i, w) -> sign(text, key));
  }

  private static boolean sign(String text, PrivateKey key) {
    return !Ps256.sign(text, key).isEmpty();
  }

  /**
   * {@code UPDATE ... SET redeemed_at = ? WHERE token_id = ? AND redeemed_at IS NULL}, each its own
   * transaction, on an H2 file with the coordinator's URL settings (durable commits, auto-server),
   * one connection per thread, for about {@code seconds}.
   */
  static Measurement conditionalUpdates(Path dir, int threads, int rows, double seconds)
      throws Exception {
    String url =
        "jdbc:h2:file:"
            + dir.resolve("raw-" + threads).toAbsolutePath()
            + ";WRITE_DELAY=0;AUTO_SERVER=TRUE";
    List<String> ids = prepare(url, rows);
    List<Connection> connections = new ArrayList<>();
    List<PreparedStatement> statements = new ArrayList<>();
    for (int t = 0; t < threads; t++) {
      Connection connection = DriverManager.getConnection(url, "sa", "");
      connections.add(connection);
      statements.add(
          connection.prepareStatement(
              "UPDATE tokens SET redeemed_at = ?" + " WHERE token_id = ? AND redeemed_at IS NULL"));
    }
    try {
      Workers.run(
          "warm-up",
          threads,
          ids.subList(0, ids.size() / 10),
          1_000_000_000L,
          (id, w) -> update(statements.get(w), id));
      return Workers.run(
          "raw H2 conditional updates",
          threads,
          ids.subList(ids.size() / 10, ids.size()),
          (long) (seconds * 1e9),
          (id, w) -> update(statements.get(w), id));
    } finally {
      for (Connection connection : connections) {
        connection.close();
      }
    }
  }

  private static boolean update(PreparedStatement statement, String id) throws SQLException {
    statement.setTimestamp(1, Timestamp.from(Instant.now()));
    statement.setString(2, id);
    return statement.executeUpdate() == 1;
  }

  private static List<String> prepare(String url, int rows) throws SQLException {
    List<String> ids = new ArrayList<>(rows);
    try (Connection connection = DriverManager.getConnection(url, "sa", "");
        Statement ddl = connection.createStatement()) {
      ddl.execute("DROP TABLE IF EXISTS tokens");
      ddl.execute(
          "CREATE TABLE tokens (token_id VARCHAR(36) PRIMARY KEY,"
              + " redeemed_at TIMESTAMP WITH TIME ZONE)");
      connection.setAutoCommit(false);
      try (PreparedStatement insert =
          connection.prepareStatement("INSERT INTO tokens (token_id) VALUES (?)")) {
        for (int i = 0; i < rows; i++) {
          String id = UUID.randomUUID().toString();
          ids.add(id);
          insert.setString(1, id);
          insert.addBatch();
        }
        insert.executeBatch();
      }
      connection.commit();
    }
    return ids;
  }
}
