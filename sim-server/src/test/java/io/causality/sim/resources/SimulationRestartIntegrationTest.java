package io.causality.sim.resources;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.causality.sim.SimApplication;
import io.causality.sim.SimConfiguration;
import io.causality.sim.core.organization.OrganizationAdmin;
import io.causality.sim.db.OrganizationRow;
import io.causality.sim.testing.SimTestFixture;
import io.dropwizard.testing.ConfigOverride;
import io.dropwizard.testing.DropwizardTestSupport;
import io.dropwizard.testing.ResourceHelpers;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A restart loses nothing acknowledged, and a simulation resumed from a stored snapshot continues
 * exactly as one that never stopped.
 */
class SimulationRestartIntegrationTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private final HttpClient http =
      HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

  @TempDir Path directory;

  private DropwizardTestSupport<SimConfiguration> app() {
    List<ConfigOverride> overrides =
        new ArrayList<>(SimTestFixture.databaseOverrides(directory.resolve("sim")));
    overrides.add(ConfigOverride.config("simulations.snapshotInterval", "100"));
    return new DropwizardTestSupport<>(
        SimApplication.class,
        ResourceHelpers.resourceFilePath("configs/minimal.yml"),
        overrides.toArray(ConfigOverride[]::new));
  }

  private JsonNode call(
      DropwizardTestSupport<SimConfiguration> app,
      String method,
      String path,
      String key,
      String body)
      throws Exception {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + app.getLocalPort() + path))
            .header("X-Api-Key", key)
            .header("Content-Type", "application/json")
            .method(
                method,
                body == null
                    ? HttpRequest.BodyPublishers.noBody()
                    : HttpRequest.BodyPublishers.ofString(body));
    HttpResponse<String> response =
        http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    assertThat(response.statusCode()).as(response.body()).isBetween(200, 201);
    return JSON.readTree(response.body());
  }

  private String text(DropwizardTestSupport<SimConfiguration> app, String path, String key)
      throws Exception {
    return http.send(
            HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + app.getLocalPort() + path))
                .header("X-Api-Key", key)
                .build(),
            HttpResponse.BodyHandlers.ofString())
        .body();
  }

  /** The same inputs, in the same order, at the same ticks. */
  private void firstHalf(DropwizardTestSupport<SimConfiguration> app, String id, String key)
      throws Exception {
    call(app, "POST", "/v1/simulations/" + id + "/step", key, "{\"ticks\":150}");
    call(
        app,
        "POST",
        "/v1/simulations/" + id + "/decrees",
        key,
        "{\"type\":\"shock\",\"payload\":{\"magnitude\":2.5}}");
    call(app, "POST", "/v1/simulations/" + id + "/step", key, "{\"ticks\":120}");
  }

  private JsonNode secondHalf(DropwizardTestSupport<SimConfiguration> app, String id, String key)
      throws Exception {
    call(
        app,
        "PUT",
        "/v1/simulations/" + id + "/agent-policy",
        key,
        "{\"agentId\":\"a03\",\"policy\":{\"gamma\":0.2}}");
    return call(app, "POST", "/v1/simulations/" + id + "/step", key, "{\"ticks\":130}");
  }

  @Test
  void aResumedSimulationMatchesOneThatNeverStopped() throws Exception {
    DropwizardTestSupport<SimConfiguration> first = app();
    first.before();
    String key;
    String resumed;
    String uninterrupted;
    JsonNode uninterruptedStep;
    try {
      key = apiKey(first);
      resumed = create(first, key);
      uninterrupted = create(first, key);
      firstHalf(first, resumed, key);
      firstHalf(first, uninterrupted, key);
      uninterruptedStep = secondHalf(first, uninterrupted, key);
    } finally {
      first.after();
    }
    DropwizardTestSupport<SimConfiguration> second = app();
    second.before();
    try {
      JsonNode resumedStep = secondHalf(second, resumed, key);
      assertThat(resumedStep.toString()).isEqualTo(uninterruptedStep.toString());
      assertThat(text(second, "/v1/simulations/" + resumed + "/trace", key))
          .isEqualTo(text(second, "/v1/simulations/" + uninterrupted + "/trace", key));
      assertThat(
              call(second, "GET", "/v1/simulations/" + resumed + "/decrees", key, null)
                  .get("pagination")
                  .get("total")
                  .asInt())
          .isEqualTo(1);
    } finally {
      second.after();
    }
  }

  private String create(DropwizardTestSupport<SimConfiguration> app, String key) throws Exception {
    return call(app, "POST", "/v1/simulations", key, "{\"scenarioId\":\"chaos-storm\"}")
        .get("id")
        .asText();
  }

  private static String apiKey(DropwizardTestSupport<SimConfiguration> app) {
    OrganizationAdmin admin =
        new OrganizationAdmin(
            SimTestFixture.jdbi(app.getConfiguration().buildDataSourceFactory()),
            Clock.systemUTC(),
            new SecureRandom());
    OrganizationRow organization = SimTestFixture.organization(admin, "enterprise");
    return admin.createApiKey(organization.slug(), "simulation:read,simulation:write").key();
  }
}
