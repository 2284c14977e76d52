package io.causality.sim.auth;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.causality.common.testing.RawHttp;
import io.causality.sim.SimConfiguration;
import io.causality.sim.core.organization.OrganizationAdmin;
import io.causality.sim.db.OrganizationRow;
import io.causality.sim.testing.SimTestFixture;
import io.dropwizard.testing.junit5.DropwizardAppExtension;
import io.dropwizard.testing.junit5.DropwizardExtensionsSupport;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * What a web page can make an operator's browser do here (docs/security.md, "Browsers"): a page of
 * another site, reached through DNS rebinding or a cross-origin form, neither reads nor writes; the
 * console, served by this service, still writes; and what a caller reads is not stored by caches.
 */
@ExtendWith(DropwizardExtensionsSupport.class)
class BrowserRequestsIntegrationTest {
  static final DropwizardAppExtension<SimConfiguration> APP = SimTestFixture.app();
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String CREATE = "{\"scenarioId\":\"stable-basins\"}";

  static String key;
  static OrganizationRow organization;

  private final SimTestFixture.Client client = new SimTestFixture.Client(APP);

  @BeforeAll
  static void caller() {
    OrganizationAdmin admin = SimTestFixture.admin(APP);
    organization = SimTestFixture.organization(admin, "professional");
    key = admin.createApiKey(organization.slug(), "simulation:read,simulation:write").key();
  }

  private HttpResponse<String> create(String origin) {
    HttpRequest.Builder request =
        client
            .request("/v1/simulations")
            .header("X-Api-Key", key)
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(CREATE));
    if (origin != null) {
      request.header("Origin", origin);
    }
    return client.sendUnchecked(request.build());
  }

  private int simulations() throws Exception {
    return JSON.readTree(client.getWithKey("/v1/simulations?limit=100", key).body())
        .get("data")
        .size();
  }

  @Test
  void aWriteFromAPageOfAnotherSiteIsRefusedAndChangesNothing() throws Exception {
    int before = simulations();
    for (String origin : new String[] {"http://attacker.example", "null"}) {
      HttpResponse<String> refused = create(origin);
      assertThat(refused.statusCode()).as(origin).isEqualTo(403);
      assertThat(JSON.readTree(refused.body()).at("/error/code").asText()).isEqualTo("FORBIDDEN");
    }
    assertThat(simulations()).isEqualTo(before);
  }

  @Test
  void theConsolesOwnOriginAndProgramsWithoutAnOriginWrite() {
    assertThat(create("http://127.0.0.1:" + APP.getLocalPort()).statusCode()).isEqualTo(201);
    assertThat(create(null).statusCode()).isEqualTo(201);
  }

  @Test
  void aRebindingNameIsMisdirectedOnBothPorts() throws Exception {
    for (int port : new int[] {APP.getLocalPort(), APP.getAdminPort()}) {
      RawHttp.Answer answer =
          RawHttp.exchange(
              port,
              new RawHttp.Request(
                  "GET",
                  "/v1/simulations",
                  Map.of("Host", "rebound.attacker.example:" + port, "X-Api-Key", key),
                  null,
                  false));
      assertThat(answer.status()).as("port " + port).isEqualTo(421);
      assertThat(new String(answer.body(), StandardCharsets.UTF_8)).doesNotContain("stable-basins");
    }
  }

  @Test
  void answersToCallersWithCredentialsAreNotStored() {
    HttpResponse<String> list = client.getWithKey("/v1/simulations", key);
    assertThat(list.statusCode()).isEqualTo(200);
    assertThat(list.headers().firstValue("Cache-Control")).hasValue("no-store");
    HttpResponse<String> refused =
        client.getWithKey("/v1/simulations", "sk_live_" + "x".repeat(32));
    assertThat(refused.headers().firstValue("Cache-Control")).hasValue("no-store");
    assertThat(client.send(client.request("/v1/health")).headers().firstValue("Cache-Control"))
        .isNotEqualTo(java.util.Optional.of("no-store"));
  }
}
