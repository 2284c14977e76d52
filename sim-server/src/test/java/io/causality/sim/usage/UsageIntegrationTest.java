package io.causality.sim.usage;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.causality.common.testing.Await;
import io.causality.sim.SimConfiguration;
import io.causality.sim.core.organization.OrganizationAdmin;
import io.causality.sim.db.OrganizationRow;
import io.causality.sim.testing.SimTestFixture;
import io.dropwizard.testing.ConfigOverride;
import io.dropwizard.testing.junit5.DropwizardAppExtension;
import io.dropwizard.testing.junit5.DropwizardExtensionsSupport;
import java.net.http.HttpRequest;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Runs, ticks and API calls add up in the organization's current billing period. */
@ExtendWith(DropwizardExtensionsSupport.class)
class UsageIntegrationTest {
  static final DropwizardAppExtension<SimConfiguration> APP =
      SimTestFixture.app(ConfigOverride.config("rateLimits.enabled", "false"));
  private static final ObjectMapper JSON = new ObjectMapper();

  private final SimTestFixture.Client client = new SimTestFixture.Client(APP);

  @Test
  void runsTicksAndApiCallsAreCounted() throws Exception {
    OrganizationAdmin admin = SimTestFixture.admin(APP);
    OrganizationRow organization = SimTestFixture.organization(admin, "professional");
    String key =
        admin
            .createApiKey(organization.slug(), "simulation:read,simulation:write,usage:read")
            .key();
    String id =
        JSON.readTree(
                client
                    .send(post(key, "/v1/simulations", "{\"scenarioId\":\"stable-basins\"}"))
                    .body())
            .get("id")
            .asText();
    client.send(post(key, "/v1/simulations/" + id + "/step", "{\"ticks\":25}"));
    client.send(post(key, "/v1/simulations/" + id + "/step", "{\"ticks\":5}"));
    String summary = "/v1/organizations/" + organization.id() + "/usage/summary";
    JsonNode usage = awaitApiCalls(summary, key, 3);
    assertThat(usage.get("simulationRuns").asLong()).isEqualTo(1);
    assertThat(usage.get("tickCount").asLong()).isEqualTo(30);
    JsonNode history =
        JSON.readTree(
                client
                    .getWithKey(
                        "/v1/organizations/" + organization.id() + "/usage/history?periods=1", key)
                    .body())
            .get("data")
            .get(0);
    assertThat(history.get("tickCount").asLong()).isEqualTo(30);
  }

  @Test
  void membersSignedInWithATokenAreNotMetered() throws Exception {
    OrganizationAdmin admin = SimTestFixture.admin(APP);
    OrganizationRow organization = SimTestFixture.organization(admin, "community");
    admin.addMember(organization.slug(), "erin", "owner");
    String token = SimTestFixture.jwt("erin", Instant.now().plusSeconds(60));
    String path = "/v1/organizations/" + organization.id();
    for (int i = 0; i < 3; i++) {
      client.getWithToken(path, token);
    }
    String key = admin.createApiKey(organization.slug(), "org:read").key();
    client.getWithKey(path, key);
    // Polled with the token, which is not metered: exactly the one key call shows.
    JsonNode usage = awaitApiCalls(path + "/usage/summary", token, 1);
    assertThat(usage.get("apiCalls").asLong()).isEqualTo(1);
  }

  /** API calls are flushed once a second: waits (with a generous deadline) until they show. */
  private JsonNode awaitApiCalls(String path, String credential, long atLeast) {
    return Await.value(
        atLeast + " API calls in " + path,
        Duration.ofSeconds(15),
        () -> {
          JsonNode usage = read(path, credential);
          return Optional.of(usage).filter(u -> u.get("apiCalls").asLong() >= atLeast);
        });
  }

  /** Reads with an API key (sk_live_...) or a bearer token. */
  private JsonNode read(String path, String credential) throws Exception {
    return JSON.readTree(
        (credential.startsWith("sk_live_")
                ? client.getWithKey(path, credential)
                : client.getWithToken(path, credential))
            .body());
  }

  private HttpRequest.Builder post(String key, String path, String body) {
    return client
        .request(path)
        .header("X-Api-Key", key)
        .header("Content-Type", "application/json")
        .POST(HttpRequest.BodyPublishers.ofString(body));
  }
}
