package io.causality.hitl.coordinator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.causality.common.db.EmbeddedDatabaseSecrets;
import io.causality.common.testing.CoordinatorProcess;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * The built jar on the shipped configuration, as an operator runs it: its embedded database listens
 * for the admin commands on loopback only, refuses a connection without the generated password, and
 * the admin commands still work beside the running server.
 */
class EmbeddedDatabaseIntegrationTest {
  static final CoordinatorProcess COORDINATOR = CoordinatorProcess.deploy().start();

  @AfterAll
  static void stop() {
    COORDINATOR.stop();
  }

  @Test
  void theAutoServerListensOnLoopbackOnly() throws Exception {
    Properties lock = new Properties();
    Path lockFile = COORDINATOR.database().resolveSibling("hitl-coordinator.lock.db");
    try (Reader reader = Files.newBufferedReader(lockFile)) {
      lock.load(reader);
    }
    String server = lock.getProperty("server");
    assertThat(server).as("the lock file's server entry").isNotNull();
    int port = Integer.parseInt(server.substring(server.lastIndexOf(':') + 1));

    // The kernel's table of listening sockets: the H2 port is bound to loopback, not to all
    // interfaces (its address would be all zeros then).
    List<String> listening = listeningAddresses(port);
    assertThat(listening).as("sockets listening on port %d", port).isNotEmpty();
    assertThat(listening).allMatch(address -> !address.matches("0+"), "not every interface");
  }

  /** Local addresses (hex, as /proc/net writes them) of the sockets listening on {@code port}. */
  private static List<String> listeningAddresses(int port) throws Exception {
    String hexPort = String.format(":%04X", port);
    List<String> addresses = new ArrayList<>();
    for (String table : List.of("/proc/net/tcp", "/proc/net/tcp6")) {
      for (String line : Files.readAllLines(Path.of(table))) {
        String[] fields = line.trim().split("\\s+");
        boolean listens = fields.length > 3 && fields[3].equals("0A");
        if (listens && fields[1].endsWith(hexPort)) {
          addresses.add(fields[1].substring(0, fields[1].indexOf(':')));
        }
      }
    }
    return addresses;
  }

  @Test
  void aConnectionWithoutThePasswordIsRefused() {
    String url = "jdbc:h2:file:" + COORDINATOR.database() + ";AUTO_SERVER=TRUE";

    assertThatThrownBy(() -> DriverManager.getConnection(url, "sa", "").close())
        .isInstanceOf(SQLException.class)
        .hasMessageContaining("Wrong user name or password");
    assertThat(EmbeddedDatabaseSecrets.passwordOf(COORDINATOR.database())).hasSize(43);
  }

  @Test
  void theAdminCommandsWorkBesideTheRunningServer() {
    assertThat(COORDINATOR.command("audit", "verify")).startsWith("audit chain intact: 0 events");
  }
}
