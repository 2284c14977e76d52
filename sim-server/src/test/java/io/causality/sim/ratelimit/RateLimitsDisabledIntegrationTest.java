package io.causality.sim.ratelimit;

import static org.assertj.core.api.Assertions.assertThat;

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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** rateLimits.enabled: false registers no filter: no budget, no headers. */
@ExtendWith(DropwizardExtensionsSupport.class)
class RateLimitsDisabledIntegrationTest {
  static final DropwizardAppExtension<SimConfiguration> APP =
      SimTestFixture.app(
          LimitsTestApplication.class,
          "configs/minimal.yml",
          ConfigOverride.config("rateLimits.enabled", "false"));

  @Test
  void createsAreNotLimited() {
    OrganizationAdmin admin = SimTestFixture.admin(APP);
    OrganizationRow community = SimTestFixture.organization(admin, "community");
    String key = admin.createApiKey(community.slug(), "simulation:write").key();
    SimTestFixture.Client client = new SimTestFixture.Client(APP);
    for (int request = 0; request < 12; request++) {
      HttpResponse<String> response =
          client.send(
              client
                  .request("/v1/simulations/test")
                  .header("X-Api-Key", key)
                  .header("Content-Type", "application/json")
                  .POST(HttpRequest.BodyPublishers.ofString("{}")));
      assertThat(response.statusCode()).isEqualTo(201);
      assertThat(response.headers().firstValue(RateLimitFilter.LIMIT)).isEmpty();
    }
  }
}
