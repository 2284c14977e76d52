package io.causality.hitl.coordinator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.causality.common.db.EmbeddedDatabaseSecrets;
import io.causality.common.testing.CoordinatorProcess;
import java.io.Reader;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.DriverManager;
import java.sql.SQLException;
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
    String host = server.substring(0, server.lastIndexOf(':'));
    assertThat(InetAddress.getByName(host).isLoopbackAddress()).as(server).isTrue();
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
