package io.causality.sim.ratelimit;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.causality.sim.SimConfiguration;
import io.causality.sim.testing.LimitsTestApplication;
import io.causality.sim.testing.SimTestFixture;
import io.dropwizard.testing.junit5.DropwizardAppExtension;
import io.dropwizard.testing.junit5.DropwizardExtensionsSupport;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A client address that spends its public read budget is refused on every public GET, the liveness
 * endpoint included. A server of its own: the spent budget of 127.0.0.1 would otherwise refuse the
 * public requests of other tests for a minute.
 */
@ExtendWith(DropwizardExtensionsSupport.class)
class PublicRateLimitIntegrationTest {
  static final DropwizardAppExtension<SimConfiguration> APP =
      SimTestFixture.app(LimitsTestApplication.class, "configs/minimal.yml");
  private static final ObjectMapper JSON = new ObjectMapper();

  /** The read budget of an anonymous caller: the community tier's, per minute. */
  private static final int ANONYMOUS_READS = 120;

  private final SimTestFixture.Client client = new SimTestFixture.Client(APP);

  @Test
  void theLivenessEndpointIsRateLimitedPerClientAddress() throws Exception {
    for (int request = 1; request <= ANONYMOUS_READS; request++) {
      HttpResponse<String> live = client.send(client.request("/v1/health/live"));
      assertThat(live.statusCode()).isEqualTo(200);
      assertThat(live.headers().firstValue(RateLimitFilter.REMAINING).orElseThrow())
          .isEqualTo(String.valueOf(ANONYMOUS_READS - request));
    }
    for (String path : new String[] {"/v1/health/live", "/v1/health"}) {
      HttpResponse<String> refused = client.send(client.request(path));
      assertThat(refused.statusCode()).as(path).isEqualTo(429);
      JsonNode error = JSON.readTree(refused.body()).get("error");
      assertThat(error.get("code").asText()).isEqualTo("RATE_LIMITED");
      assertThat(refused.headers().firstValue("Retry-After")).as(path).isPresent();
    }
  }
}
