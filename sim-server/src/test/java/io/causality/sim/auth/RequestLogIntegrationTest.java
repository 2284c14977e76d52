package io.causality.sim.auth;

import static org.assertj.core.api.Assertions.assertThat;

import io.causality.common.testing.Await;
import io.causality.sim.SimApplication;
import io.causality.sim.SimConfiguration;
import io.causality.sim.core.organization.OrganizationAdmin;
import io.causality.sim.db.OrganizationRow;
import io.causality.sim.testing.SimTestFixture;
import io.dropwizard.testing.ConfigOverride;
import io.dropwizard.testing.junit5.DropwizardAppExtension;
import io.dropwizard.testing.junit5.DropwizardExtensionsSupport;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Every request-log line names the request id and the identity, never a key or a token. */
@ExtendWith(DropwizardExtensionsSupport.class)
class RequestLogIntegrationTest {
  static final Path LOGS = SimTestFixture.tempDirectory();
  static final DropwizardAppExtension<SimConfiguration> APP =
      SimTestFixture.app(
          SimApplication.class,
          "configs/request-log.yml",
          ConfigOverride.config(
              "server.requestLog.appenders[0].currentLogFilename",
              LOGS.resolve("requests.log").toString()),
          ConfigOverride.config(
              "logging.appenders[0].currentLogFilename",
              LOGS.resolve("application.log").toString()));

  static OrganizationAdmin.CreatedApiKey key;
  private final SimTestFixture.Client client = new SimTestFixture.Client(APP);

  @BeforeAll
  static void callers() {
    OrganizationAdmin admin = SimTestFixture.admin(APP);
    OrganizationRow organization = SimTestFixture.organization(admin, "community");
    key = admin.createApiKey(organization.slug(), "org:read");
    admin.addMember(organization.slug(), "log-user", "member");
  }

  @Test
  void apiKeyRequestsLogTheKeyIdAndNeverTheKey() throws Exception {
    client.send(
        client
            .request("/v1/organizations")
            .header("X-Request-Id", "log-key-1")
            .header("X-Api-Key", key.key()));
    String line = requestLogLine("log-key-1");
    assertThat(line).contains("identity=key:" + key.id()).contains(" 200 ");
    assertThat(allLogs()).doesNotContain(key.key());
  }

  @Test
  void bearerRequestsLogTheSubjectAndNeverTheToken() throws Exception {
    String token = SimTestFixture.jwt("log-user", Instant.now().plusSeconds(300));
    client.send(
        client
            .request("/v1/organizations")
            .header("X-Request-Id", "log-jwt-1")
            .header("Authorization", "Bearer " + token));
    assertThat(requestLogLine("log-jwt-1")).contains("identity=user:log-user");
    assertThat(allLogs()).doesNotContain(token).doesNotContain(token.split("\\.")[2]);
  }

  @Test
  void refusedCredentialsAreNeitherLoggedNorTakenAsAnIdentity() throws Exception {
    String forged = "sk_live_" + "Z".repeat(32);
    client.send(
        client
            .request("/v1/organizations")
            .header("X-Request-Id", "log-bad-1")
            .header("X-Api-Key", forged));
    assertThat(requestLogLine("log-bad-1")).contains(" 401 ").contains("identity=-");
    assertThat(allLogs()).doesNotContain(forged);
  }

  /** The request log is written after the response, by an async appender: poll, bounded. */
  private static String requestLogLine(String requestId) {
    return Await.value(
        "a request-log line for " + requestId,
        Duration.ofSeconds(10),
        () ->
            lines(LOGS.resolve("requests.log")).stream()
                .filter(l -> l.contains("requestId=" + requestId))
                .findFirst());
  }

  private static String allLogs() throws IOException {
    return String.join("\n", lines(LOGS.resolve("requests.log")))
        + String.join("\n", lines(LOGS.resolve("application.log")));
  }

  private static List<String> lines(Path file) throws IOException {
    return Files.exists(file) ? Files.readAllLines(file, StandardCharsets.UTF_8) : List.of();
  }
}
