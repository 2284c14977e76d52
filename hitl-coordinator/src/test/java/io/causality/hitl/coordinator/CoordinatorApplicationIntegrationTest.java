package io.causality.hitl.coordinator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.causality.common.db.EmbeddedDatabaseSecrets;
import io.causality.common.testing.PostgresTestDatabase;
import io.causality.hitl.coordinator.policy.StartupCheckException;
import io.dropwizard.testing.DropwizardTestSupport;
import io.dropwizard.testing.ResourceHelpers;
import io.dropwizard.testing.junit5.DropwizardAppExtension;
import io.dropwizard.testing.junit5.DropwizardExtensionsSupport;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The coordinator starts from the seed's keys, listens on bind, and answers health. */
@ExtendWith(DropwizardExtensionsSupport.class)
class CoordinatorApplicationIntegrationTest {
  static final TestDeployment DEPLOYMENT = TestDeployment.plain();
  static final Path DATA = DEPLOYMENT.dir();
  static final String CONFIG = ResourceHelpers.resourceFilePath("configs/minimal.yml");

  static final DropwizardAppExtension<CoordinatorConfiguration> APP =
      new DropwizardAppExtension<>(
          CoordinatorApplication.class,
          CONFIG,
          DEPLOYMENT.overrides("dbPath", DATA.resolve("coordinator").toString()));

  private static final ObjectMapper JSON = new ObjectMapper();
  private final HttpClient http = HttpClient.newHttpClient();

  private HttpResponse<String> get(int port, String path) throws Exception {
    return http.send(
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
            .header(
                "Authorization", "Bearer " + Files.readString(DEPLOYMENT.adminTokenFile()).strip())
            .build(),
        HttpResponse.BodyHandlers.ofString());
  }

  /** The admin port's token is generated owner-only at the first start, and always required. */
  @Test
  void theAdminPortNeedsItsTokenOnEveryPath() throws Exception {
    assertThat(
            PosixFilePermissions.toString(
                Files.getPosixFilePermissions(DEPLOYMENT.adminTokenFile())))
        .isEqualTo("rw-------");
    for (String path : List.of("/metrics", "/healthcheck", "/prometheus", "/tasks/log-level")) {
      HttpResponse<String> refused =
          http.send(
              HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + APP.getAdminPort() + path))
                  .header("Authorization", "Bearer not-the-admin-token-0123")
                  .POST(HttpRequest.BodyPublishers.noBody())
                  .build(),
              HttpResponse.BodyHandlers.ofString());
      assertThat(refused.statusCode()).as(path).isEqualTo(401);
    }
  }

  @Test
  void healthzChecksTheDatabase() throws Exception {
    HttpResponse<String> response = get(APP.getLocalPort(), "/healthz");
    assertThat(response.statusCode()).isEqualTo(200);
    JsonNode body = JSON.readTree(response.body());
    assertThat(body.get("status").asText()).isEqualTo("UP");
    assertThat(body.get("checks").get("database").asText()).isEqualTo("UP");
    assertThat(response.headers().firstValue("X-Request-Id")).isPresent();
  }

  @Test
  void theDatabaseIsTheDurableFileAtDbPath() throws Exception {
    assumeFalse(
        PostgresTestDatabase.forAllTests(),
        "on PostgreSQL (-Dcausality.test.database=postgresql) database.url replaces dbPath");
    assertThat(APP.getConfiguration().buildDataSourceFactory().getUrl())
        .startsWith("jdbc:h2:file:" + DATA.resolve("coordinator"))
        .contains(";WRITE_DELAY=0");
    assertThat(Files.exists(DATA.resolve("coordinator.mv.db"))).isTrue();
  }

  @Test
  void theEmbeddedDatabaseRefusesAConnectionWithoutItsPassword() throws Exception {
    assumeFalse(PostgresTestDatabase.forAllTests(), "an H2 file only");
    String url = APP.getConfiguration().buildDataSourceFactory().getUrl();
    Path database = DATA.resolve("coordinator");

    assertThatThrownBy(() -> DriverManager.getConnection(url, "sa", "").close())
        .isInstanceOf(SQLException.class)
        .hasMessageContaining("Wrong user name or password");
    try (Connection connection =
        DriverManager.getConnection(url, "sa", EmbeddedDatabaseSecrets.passwordOf(database))) {
      assertThat(connection.isValid(1)).isTrue();
    }
    assertThat(Files.getPosixFilePermissions(DATA.resolve("coordinator.password")))
        .isEqualTo(PosixFilePermissions.fromString("rw-------"));
  }

  @Test
  void unknownPathAnswersTheEnvelope() throws Exception {
    HttpResponse<String> response = get(APP.getLocalPort(), "/v1/nothing");
    assertThat(response.statusCode()).isEqualTo(404);
    assertThat(JSON.readTree(response.body()).get("error").get("code").asText())
        .isEqualTo("NOT_FOUND");
  }

  @Test
  void adminPortServesMetricsAndHealthChecks() throws Exception {
    assertThat(get(APP.getAdminPort(), "/metrics").body())
        .contains("io.dropwizard.jetty.MutableServletContextHandler.requests");
    JsonNode checks = JSON.readTree(get(APP.getAdminPort(), "/healthcheck").body());
    assertThat(checks.get("database").get("healthy").asBoolean()).isTrue();
  }

  @Test
  void refusesANonLoopbackBindWithoutCallers() {
    DropwizardTestSupport<CoordinatorConfiguration> exposed =
        new DropwizardTestSupport<>(
            CoordinatorApplication.class,
            CONFIG,
            DEPLOYMENT.overrides(
                "bind", "0.0.0.0:0", "dbPath", DATA.resolve("exposed").toString()));
    try {
      assertThatThrownBy(exposed::before)
          .isInstanceOf(StartupCheckException.class)
          .hasMessageContaining("not a loopback address")
          .hasMessageContaining("callers");
    } finally {
      exposed.after();
    }
  }
}
