package io.causality.sim.idempotency;

import static org.assertj.core.api.Assertions.assertThat;

import io.causality.sim.SimConfiguration;
import io.causality.sim.db.OrganizationRow;
import io.causality.sim.testing.LimitsTestApplication;
import io.causality.sim.testing.SimTestFixture;
import io.dropwizard.testing.junit5.DropwizardAppExtension;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** A stored response outlives the process: a second application on the same file replays it. */
class IdempotencyRestartIntegrationTest {
  private static final Path DATABASE = SimTestFixture.tempDirectory().resolve("sim");

  private static DropwizardAppExtension<SimConfiguration> start() throws Exception {
    DropwizardAppExtension<SimConfiguration> app = SimTestFixture.app(
        LimitsTestApplication.class, "configs/minimal.yml", DATABASE);
    app.before();
    return app;
  }

  private static HttpResponse<String> create(DropwizardAppExtension<SimConfiguration> app,
      String apiKey) {
    SimTestFixture.Client client = new SimTestFixture.Client(app);
    return client.send(client.request("/v1/simulations/test").header("X-Api-Key", apiKey)
        .header("Idempotency-Key", "restart-1").header("Content-Type", "application/json")
        .POST(HttpRequest.BodyPublishers.ofString("{\"scenarioId\":\"s\"}")));
  }

  @Test
  void aCompletedKeyIsReplayedAfterARestart() throws Exception {
    DropwizardAppExtension<SimConfiguration> first = start();
    String apiKey;
    HttpResponse<String> original;
    try {
      OrganizationRow organization =
          SimTestFixture.organization(SimTestFixture.admin(first), "community");
      apiKey = SimTestFixture.admin(first)
          .createApiKey(organization.slug(), "simulation:write").key();
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
}
