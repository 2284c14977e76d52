package io.causality.sim;

import static org.assertj.core.api.Assertions.assertThat;

import com.codahale.metrics.MetricRegistry;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.causality.common.db.StartupMigrations;
import io.causality.sim.testing.SimTestFixture;
import io.dropwizard.db.ManagedDataSource;
import io.dropwizard.migrations.CloseableLiquibaseWithClassPathMigrationsFile;
import io.dropwizard.testing.ConfigOverride;
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
import java.util.List;
import liquibase.Contexts;
import liquibase.LabelExpression;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The service starts from a config with only DESIGN.md's keys, migrates and answers. */
@ExtendWith(DropwizardExtensionsSupport.class)
class SimApplicationIntegrationTest {
  static final Path DATA = SimTestFixture.tempDirectory();

  static final DropwizardAppExtension<SimConfiguration> APP =
      new DropwizardAppExtension<>(
          SimApplication.class,
          ResourceHelpers.resourceFilePath("configs/minimal.yml"),
          ConfigOverride.config("database.url", "jdbc:h2:file:" + DATA.resolve("sim")),
          ConfigOverride.config("admin.tokenFile", DATA.resolve("admin-token").toString()));

  private static final ObjectMapper JSON = new ObjectMapper();
  private final HttpClient http = HttpClient.newHttpClient();

  private HttpResponse<String> get(int port, String path) throws Exception {
    return http.send(
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
            .header("Authorization", "Bearer " + adminToken())
            .build(),
        HttpResponse.BodyHandlers.ofString());
  }

  private static String adminToken() throws Exception {
    return Files.readString(DATA.resolve("admin-token")).strip();
  }

  /** The database's data file is its owner's alone, as its folder is (docs/security.md). */
  @Test
  void theDatabaseFileIsOwnerOnly() throws Exception {
    assertThat(
            PosixFilePermissions.toString(Files.getPosixFilePermissions(DATA.resolve("sim.mv.db"))))
        .isEqualTo("rw-------");
  }

  /** The admin port's token is generated owner-only at the first start, and always required. */
  @Test
  void theAdminPortNeedsTheGeneratedTokenOnEveryPath() throws Exception {
    assertThat(
            PosixFilePermissions.toString(
                Files.getPosixFilePermissions(DATA.resolve("admin-token"))))
        .isEqualTo("rw-------");
    for (String path : List.of("/metrics", "/healthcheck", "/prometheus", "/", "/no-such-page")) {
      for (String authorization : List.of("", "Bearer wrong-token-0123456789", "Basic eDp4")) {
        HttpRequest.Builder request =
            HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + APP.getAdminPort() + path));
        if (!authorization.isEmpty()) {
          request.header("Authorization", authorization);
        }
        HttpResponse<String> refused =
            http.send(request.build(), HttpResponse.BodyHandlers.ofString());
        assertThat(refused.statusCode()).as(path + " " + authorization).isEqualTo(401);
        assertThat(JSON.readTree(refused.body()).at("/error/code").asText())
            .isEqualTo("UNAUTHORIZED");
      }
    }
    HttpResponse<String> task =
        http.send(
            HttpRequest.newBuilder(
                    URI.create(
                        "http://127.0.0.1:"
                            + APP.getAdminPort()
                            + "/tasks/log-level?logger=org.eclipse.jetty&level=DEBUG"))
                .POST(HttpRequest.BodyPublishers.noBody())
                .build(),
            HttpResponse.BodyHandlers.ofString());
    assertThat(task.statusCode()).isEqualTo(401);
  }

  @Test
  void healthChecksTheDatabase() throws Exception {
    HttpResponse<String> response = get(APP.getLocalPort(), "/v1/health");
    assertThat(response.statusCode()).isEqualTo(200);
    JsonNode body = JSON.readTree(response.body());
    assertThat(body.get("status").asText()).isEqualTo("UP");
    assertThat(body.get("checks").get("database").asText()).isEqualTo("UP");
  }

  @Test
  void livenessAnswersWithoutRunningChecks() throws Exception {
    HttpResponse<String> response = get(APP.getLocalPort(), "/v1/health/live");
    assertThat(response.statusCode()).isEqualTo(200);
    assertThat(response.headers().firstValue("Content-Type").orElseThrow())
        .startsWith("application/json");
    JsonNode body = JSON.readTree(response.body());
    assertThat(body.get("status").asText()).isEqualTo("UP");
    assertThat(body.get("service").asText()).isEqualTo("sim-server");
    assertThat(body.has("checks")).isFalse();
  }

  @Test
  void durableCommitsAreForcedOnTheEmbeddedDatabase() {
    assertThat(APP.getConfiguration().buildDataSourceFactory().getUrl())
        .contains(DATA.resolve("sim").toString())
        .endsWith(";WRITE_DELAY=0");
    assertThat(APP.getConfiguration().getDatabase().getUrl())
        .as("the configuration as read, unchanged by building")
        .isEqualTo("jdbc:h2:file:" + DATA.resolve("sim"));
  }

  @Test
  void migrationsRanAtStart() throws Exception {
    ManagedDataSource dataSource =
        APP.getConfiguration().buildDataSourceFactory().build(new MetricRegistry(), "probe");
    try (var liquibase =
        new CloseableLiquibaseWithClassPathMigrationsFile(
            dataSource, StartupMigrations.CHANGELOG)) {
      assertThat(liquibase.listUnrunChangeSets(new Contexts(), new LabelExpression()))
          .as("change sets not applied at start")
          .isEmpty();
    }
  }

  @Test
  void unknownPathAnswersTheEnvelopeWithTheRequestId() throws Exception {
    HttpResponse<String> response =
        http.send(
            HttpRequest.newBuilder(
                    URI.create("http://127.0.0.1:" + APP.getLocalPort() + "/v1/unknown"))
                .header("X-Request-Id", "sim-it-1")
                .build(),
            HttpResponse.BodyHandlers.ofString());
    assertThat(response.statusCode()).isEqualTo(404);
    assertThat(response.headers().firstValue("X-Request-Id")).hasValue("sim-it-1");
    JsonNode error = JSON.readTree(response.body()).get("error");
    assertThat(error.get("code").asText()).isEqualTo("NOT_FOUND");
    assertThat(error.get("requestId").asText()).isEqualTo("sim-it-1");
  }

  @Test
  void adminPortServesMetricsAndHealthChecks() throws Exception {
    HttpResponse<String> metrics = get(APP.getAdminPort(), "/metrics");
    assertThat(metrics.statusCode()).isEqualTo(200);
    assertThat(metrics.body())
        .contains("io.dropwizard.jetty.MutableServletContextHandler.requests");
    HttpResponse<String> checks = get(APP.getAdminPort(), "/healthcheck");
    assertThat(JSON.readTree(checks.body()).get("database").get("healthy").asBoolean()).isTrue();
  }
}
