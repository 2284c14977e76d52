package io.causality.sim.resources;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.causality.sim.SimConfiguration;
import io.causality.sim.core.organization.OrganizationAdmin;
import io.causality.sim.db.OrganizationRow;
import io.causality.sim.testing.SimTestFixture;
import io.dropwizard.testing.ConfigOverride;
import io.dropwizard.testing.junit5.DropwizardAppExtension;
import io.dropwizard.testing.junit5.DropwizardExtensionsSupport;
import java.net.http.HttpResponse;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** {@code GET /v1/caller}: what the credential may do, for any valid credential, nothing secret. */
@ExtendWith(DropwizardExtensionsSupport.class)
class CallerIntegrationTest {
  static final DropwizardAppExtension<SimConfiguration> APP =
      SimTestFixture.app(ConfigOverride.config("rateLimits.enabled", "false"));
  private static final ObjectMapper JSON = new ObjectMapper();

  private final SimTestFixture.Client client = new SimTestFixture.Client(APP);
  private final OrganizationAdmin admin = SimTestFixture.admin(APP);

  @Test
  void anApiKeyIsToldItsScopesAndItsOrganization() throws Exception {
    OrganizationRow org = SimTestFixture.organization(admin, "community");
    String key = admin.createApiKey(org.slug(), "usage:read,simulation:read").key();

    HttpResponse<String> answer = client.getWithKey("/v1/caller", key);

    assertThat(answer.statusCode()).isEqualTo(200);
    JsonNode caller = JSON.readTree(answer.body());
    assertThat(caller.get("kind").asText()).isEqualTo("api_key");
    assertThat(caller.get("scopes").toString()).isEqualTo("[\"simulation:read\",\"usage:read\"]");
    assertThat(caller.get("organizations")).hasSize(1);
    assertThat(caller.get("organizations").get(0).get("id").asText())
        .isEqualTo(org.id().toString());
    assertThat(caller.get("organizations").get(0).get("role").asText()).isEqualTo("api_key");
    assertThat(answer.body()).doesNotContain(key);
  }

  @Test
  void aUserHasEveryScopeAndTheRoleOfEachMembership() throws Exception {
    OrganizationRow owned = SimTestFixture.organization(admin, "professional");
    OrganizationRow joined = SimTestFixture.organization(admin, "community");
    String user = "caller-" + System.nanoTime();
    admin.addMember(owned.slug(), user, "owner");
    admin.addMember(joined.slug(), user, "member");

    HttpResponse<String> answer =
        client.getWithToken("/v1/caller", SimTestFixture.jwt(user, Instant.now().plusSeconds(60)));

    JsonNode caller = JSON.readTree(answer.body());
    assertThat(caller.get("kind").asText()).isEqualTo("user");
    assertThat(caller.get("scopes")).hasSize(4);
    assertThat(caller.get("organizations").toString())
        .contains("{\"id\":\"" + owned.id() + "\",\"role\":\"owner\"}")
        .contains("{\"id\":\"" + joined.id() + "\",\"role\":\"member\"}");
  }

  @Test
  void withoutAValidCredentialItIs401() {
    assertThat(client.send(client.request("/v1/caller")).statusCode()).isEqualTo(401);
    assertThat(client.getWithKey("/v1/caller", "sk_live_" + "x".repeat(32)).statusCode())
        .isEqualTo(401);
  }
}
