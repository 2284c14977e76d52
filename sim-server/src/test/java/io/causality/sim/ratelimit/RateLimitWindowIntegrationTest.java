package io.causality.sim.ratelimit;

import static org.assertj.core.api.Assertions.assertThat;

import io.causality.common.testing.TestClock;
import io.causality.sim.SimConfiguration;
import io.causality.sim.core.organization.OrganizationAdmin;
import io.causality.sim.db.OrganizationRow;
import io.causality.sim.testing.LimitsTestApplication;
import io.causality.sim.testing.SimTestFixture;
import io.dropwizard.testing.ConfigOverride;
import io.dropwizard.testing.junit5.DropwizardAppExtension;
import io.dropwizard.testing.junit5.DropwizardExtensionsSupport;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A refused client that waits as the headers say gets through, and not a millisecond earlier. The
 * application's clock is stopped and moved by the test: no test waits for the window to pass.
 */
@ExtendWith(DropwizardExtensionsSupport.class)
class RateLimitWindowIntegrationTest {
  static final DropwizardAppExtension<SimConfiguration> APP =
      SimTestFixture.app(
          LimitsTestApplication.class,
          "configs/minimal.yml",
          ConfigOverride.config("rateLimits.window", "1 minute"));

  static OrganizationAdmin admin;
  static OrganizationRow community;

  private final SimTestFixture.Client client = new SimTestFixture.Client(APP);

  @BeforeAll
  static void organization() {
    clock().stop();
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

  private static TestClock clock() {
    LimitsTestApplication application = APP.getApplication();
    return application.clock;
  }

  /** Creates until refused: a burst of 50 spends a budget of 10. */
  private HttpResponse<String> spend(String key) {
    for (int attempt = 0; attempt < 50; attempt++) {
      HttpResponse<String> response = create(key);
      if (response.statusCode() == 429) {
        return response;
      }
      assertThat(response.statusCode()).isEqualTo(201);
    }
    throw new AssertionError("50 creates within one stopped instant were never refused");
  }

  private static void advanceTo(long epochMillis) {
    clock().advance(Duration.ofMillis(epochMillis - clock().millis()));
  }

  @Test
  void aClientThatWaitsUntilResetSucceeds() {
    String key = admin.createApiKey(community.slug(), "simulation:write").key();
    HttpResponse<String> refused = spend(key);
    long reset = Long.parseLong(refused.headers().firstValue(RateLimitFilter.RESET).orElseThrow());
    advanceTo(reset * 1_000 - 1);
    assertThat(create(key).statusCode()).isEqualTo(429);
    advanceTo(reset * 1_000);
    assertThat(create(key).statusCode()).isEqualTo(201);
  }

  @Test
  void aClientThatWaitsRetryAfterSucceeds() {
    String key = admin.createApiKey(community.slug(), "simulation:write").key();
    HttpResponse<String> refused = spend(key);
    long retryAfter = Long.parseLong(refused.headers().firstValue("Retry-After").orElseThrow());
    assertThat(retryAfter).isBetween(1L, 61L);
    clock().advance(Duration.ofSeconds(retryAfter));
    assertThat(create(key).statusCode()).isEqualTo(201);
  }
}
