package io.causality.sim.idempotency;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import io.causality.common.db.EmbeddedDatabaseSecrets;
import io.causality.common.testing.PostgresTestDatabase;
import io.causality.sim.SimConfiguration;
import io.causality.sim.db.OrganizationRow;
import io.causality.sim.testing.LimitsTestApplication;
import io.causality.sim.testing.SimTestFixture;
import io.dropwizard.testing.junit5.DropwizardAppExtension;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import org.junit.jupiter.api.Test;

/**
 * A stored response outlives the process: a second application on the same file replays it. A claim
 * that a dead process left in flight is freed at the next start.
 */
class IdempotencyRestartIntegrationTest {
  private final Path database = SimTestFixture.tempDirectory().resolve("sim");

  private DropwizardAppExtension<SimConfiguration> start() throws Exception {
    DropwizardAppExtension<SimConfiguration> app =
        SimTestFixture.app(LimitsTestApplication.class, "configs/minimal.yml", database);
    app.before();
    return app;
  }

  private static HttpResponse<String> create(
      DropwizardAppExtension<SimConfiguration> app, String apiKey) {
    SimTestFixture.Client client = new SimTestFixture.Client(app);
    return client.send(
        client
            .request("/v1/simulations/test")
            .header("X-Api-Key", apiKey)
            .header("Idempotency-Key", "restart-1")
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString("{\"scenarioId\":\"s\"}")));
  }

  @Test
  void aCompletedKeyIsReplayedAfterARestart() throws Exception {
    DropwizardAppExtension<SimConfiguration> first = start();
    String apiKey;
    HttpResponse<String> original;
    try {
      apiKey = apiKey(first);
      original = create(first, apiKey);
      assertThat(original.statusCode()).isEqualTo(201);
    } finally {
      first.after();
    }
    DropwizardAppExtension<SimConfiguration> second = start();
    try {
      HttpResponse<String> replay = create(second, apiKey);
      assertThat(replay.statusCode()).isEqualTo(201);
      assertThat(replay.body()).isEqualTo(original.body());
      assertThat(replay.headers().firstValue("Idempotency-Replayed")).hasValue("true");
    } finally {
      second.after();
    }
  }

  /**
   * The row a SIGKILL leaves behind: the request claimed its key and never finished. Without the
   * release at start, the retry would answer 409 IDEMPOTENCY_KEY_IN_USE for ten minutes.
   */
  @Test
  void aClaimLeftInFlightByACrashIsFreedAtTheNextStart() throws Exception {
    assumeFalse(
        PostgresTestDatabase.forAllTests(),
        "on PostgreSQL other instances may hold "
            + "live claims, so a start frees none (docs/idempotency.md)");
    DropwizardAppExtension<SimConfiguration> first = start();
    String apiKey;
    try {
      apiKey = apiKey(first);
      assertThat(create(first, apiKey).statusCode()).isEqualTo(201);
    } finally {
      first.after();
    }
    try (Connection connection =
            DriverManager.getConnection(
                "jdbc:h2:file:" + database, "sa", EmbeddedDatabaseSecrets.passwordOf(database));
        Statement statement = connection.createStatement()) {
      assertThat(
              statement.executeUpdate(
                  "UPDATE idempotency_keys SET state = 'IN_FLIGHT',"
                      + " response_status = NULL, content_type = NULL, response_body = NULL"))
          .isEqualTo(1);
    }
    DropwizardAppExtension<SimConfiguration> second = start();
    try {
      HttpResponse<String> retry = create(second, apiKey);
      assertThat(retry.statusCode()).as(retry.body()).isEqualTo(201);
      assertThat(retry.headers().firstValue("Idempotency-Replayed")).isEmpty();
    } finally {
      second.after();
    }
  }

  private static String apiKey(DropwizardAppExtension<SimConfiguration> app) {
    OrganizationRow organization =
        SimTestFixture.organization(SimTestFixture.admin(app), "community");
    return SimTestFixture.admin(app).createApiKey(organization.slug(), "simulation:write").key();
  }
}
