package io.causality.common.db;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.io.TempDir;

/**
 * The embedded default keeps every acknowledged commit through a SIGKILL of the process. With H2's
 * default write delay (half a second) the rows acknowledged just before the kill are lost, so this
 * test fails if durability is not enforced.
 */
class DurableCommitKillIntegrationTest {
  private static final int ACKS_BEFORE_KILL = 3_000;

  @TempDir Path directory;

  @RepeatedTest(2)
  void everyAcknowledgedCommitSurvivesSigkill() throws Exception {
    assertEveryAcknowledgedRowSurvivesSigkill("plain");
  }

  /** The same while {@link EmbeddedStoreHousekeeping} rewrites and frees chunks without pause. */
  @RepeatedTest(2)
  void everyAcknowledgedCommitSurvivesSigkillDuringHousekeeping() throws Exception {
    assertEveryAcknowledgedRowSurvivesSigkill("housekeeping");
  }

  private void assertEveryAcknowledgedRowSurvivesSigkill(String mode) throws Exception {
    String url = "jdbc:h2:file:" + directory.resolve("kill-test-" + mode);
    Process writer = startWriter(url, mode);
    long lastAcked = readAcksThenKill(writer);
    assertThat(lastAcked).isGreaterThanOrEqualTo(ACKS_BEFORE_KILL - 1);
    assertThat(missingIds(url, lastAcked)).isEmpty();
  }

  private static Process startWriter(String url, String mode) throws Exception {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    return new ProcessBuilder(
            java,
            "-cp",
            System.getProperty("java.class.path"),
            DurableWriter.class.getName(),
            url,
            mode)
        .redirectError(ProcessBuilder.Redirect.INHERIT)
        .start();
  }

  /** Reads acknowledgements, then kills the writer with SIGKILL while it is still writing. */
  private static long readAcksThenKill(Process writer) throws Exception {
    long last = -1;
    try (BufferedReader acks =
        new BufferedReader(
            new InputStreamReader(writer.getInputStream(), StandardCharsets.UTF_8))) {
      String line;
      while ((line = acks.readLine()) != null) {
        last = Long.parseLong(line.strip());
        if (last >= ACKS_BEFORE_KILL - 1) {
          writer.destroyForcibly(); // SIGKILL on Linux: no shutdown hook, no flush
          break;
        }
      }
      writer.waitFor();
    }
    return last;
  }

  private static List<Long> missingIds(String url, long lastAcked) throws Exception {
    List<Long> missing = new ArrayList<>();
    try (Connection connection = DriverManager.getConnection(url, "sa", "");
        PreparedStatement query = connection.prepareStatement("SELECT id FROM acks ORDER BY id");
        ResultSet rows = query.executeQuery()) {
      long expected = 0;
      while (rows.next() && expected <= lastAcked) {
        long id = rows.getLong(1);
        for (; expected < id && expected <= lastAcked; expected++) {
          missing.add(expected);
        }
        expected = id + 1;
      }
      for (; expected <= lastAcked; expected++) {
        missing.add(expected);
      }
    }
    return missing;
  }
}
