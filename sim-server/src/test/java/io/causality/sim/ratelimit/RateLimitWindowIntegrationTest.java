package io.causality.sim.ratelimit;

import static org.assertj.core.api.Assertions.assertThat;

import io.causality.sim.SimConfiguration;
import io.causality.sim.core.OrganizationAdmin;
import io.causality.sim.db.OrganizationRow;
import io.causality.sim.testing.LimitsTestApplication;
import io.causality.sim.testing.SimTestFixture;
import io.dropwizard.testing.ConfigOverride;
import io.dropwizard.testing.junit5.DropwizardAppExtension;
import io.dropwizard.testing.junit5.DropwizardExtensionsSupport;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** With a 2-second window: a refused client that waits as the headers say gets through. */
@ExtendWith(DropwizardExtensionsSupport.class)
class RateLimitWindowIntegrationTest {
  static final DropwizardAppExtension<SimConfiguration> APP =
      SimTestFixture.app(
          LimitsTestApplication.class,
          "configs/minimal.yml",
          ConfigOverride.config("rateLimits.window", "2 seconds"));

  static OrganizationAdmin admin;
  static OrganizationRow community;

  private final SimTestFixture.Client client = new SimTestFixture.Client(APP);

  @BeforeAll
  static void organization() {
    admin = SimTestFixture.admin(APP);
    community = SimTestFixture.organization(admin, "community");
  }

  private HttpResponse<String> create(String key) {
    return client.send(
        client
            .request("/v1/simulations/test")
            .header("X-Api-Key", key)
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString("{}")));
  }

  /** Creates until refused; however slow the machine, a burst of 50 spends a budget of 10. */
  private HttpResponse<String> spend(String key) {
    for (int attempt = 0; attempt < 50; attempt++) {
      HttpResponse<String> response = create(key);
      if (response.statusCode() == 429) {
        return response;
      }
      assertThat(response.statusCode()).isEqualTo(201);
    }
    throw new AssertionError("50 creates within a 2-second window were never refused");
  }

  private static void sleepUntil(long epochMillis) throws InterruptedException {
    long wait = epochMillis - System.currentTimeMillis();
    if (wait > 0) {
      Thread.sleep(wait);
    }
  }

  @Test
  void aClientThatWaitsUntilResetSucceeds() throws Exception {
    String key = admin.createApiKey(community.slug(), "simulation:write").key();
    HttpResponse<String> refused = spend(key);
    long reset = Long.parseLong(refused.headers().firstValue(RateLimitFilter.RESET).orElseThrow());
    sleepUntil(reset * 1_000);
    HttpResponse<String> after = create(key);
    assertThat(after.statusCode()).isEqualTo(201);
  }

  @Test
  void aClientThatWaitsRetryAfterSucceeds() throws Exception {
    String key = admin.createApiKey(community.slug(), "simulation:write").key();
    HttpResponse<String> refused = spend(key);
    long retryAfter = Long.parseLong(refused.headers().firstValue("Retry-After").orElseThrow());
    assertThat(retryAfter).isBetween(1L, 3L);
    Thread.sleep(retryAfter * 1_000);
    assertThat(create(key).statusCode()).isEqualTo(201);
  }
}
