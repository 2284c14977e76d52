package io.causality.sim.resources;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.causality.sim.SimConfiguration;
import io.causality.sim.core.organization.OrganizationAdmin;
import io.causality.sim.db.OrganizationRow;
import io.causality.sim.testing.SimTestFixture;
import io.dropwizard.testing.junit5.DropwizardAppExtension;
import io.dropwizard.testing.junit5.DropwizardExtensionsSupport;
import java.net.http.HttpResponse;
import java.time.Instant;
import java.util.UUID;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Organizations, license and usage: success and every error status. */
@ExtendWith(DropwizardExtensionsSupport.class)
class OrganizationsIntegrationTest {
  static final DropwizardAppExtension<SimConfiguration> APP = SimTestFixture.app();
  private static final ObjectMapper JSON = new ObjectMapper();

  static OrganizationRow acme;
  static OrganizationRow globex;
  static String acmeKey;
  static String acmeUsageKey;
  static String aliceToken;

  private final SimTestFixture.Client client = new SimTestFixture.Client(APP);

  @BeforeAll
  static void organizations() {
    OrganizationAdmin admin = SimTestFixture.admin(APP);
    acme = SimTestFixture.organization(admin, "professional");
    globex = SimTestFixture.organization(admin, "enterprise");
    acmeKey = admin.createApiKey(acme.slug(), "org:read").key();
    acmeUsageKey = admin.createApiKey(acme.slug(), "usage:read").key();
    admin.addMember(acme.slug(), "alice", "owner");
    admin.addMember(globex.slug(), "alice", "member");
    admin.addMember(globex.slug(), "bob", "owner");
    aliceToken = SimTestFixture.jwt("alice", Instant.now().plusSeconds(600));
  }

  private static JsonNode json(HttpResponse<String> response, int status) throws Exception {
    assertThat(response.statusCode()).as(response.body()).isEqualTo(status);
    return JSON.readTree(response.body());
  }

  @Test
  void apiKeyListsItsOwnOrganizationOnly() throws Exception {
    JsonNode data = json(client.getWithKey("/v1/organizations", acmeKey), 200).get("data");
    assertThat(data).hasSize(1);
    assertThat(data.get(0).get("id").asText()).isEqualTo(acme.id().toString());
    assertThat(data.get(0).get("role").asText()).isEqualTo("api_key");
    assertThat(data.get(0).has("avatarUrl")).isTrue();
    assertThat(data.get(0).get("createdAt").asText()).matches("\\d{4}-\\d\\d-\\d\\dT.*Z");
  }

  @Test
  void userListsEveryMembershipWithItsRole() throws Exception {
    JsonNode data = json(client.getWithToken("/v1/organizations", aliceToken), 200).get("data");
    assertThat(data)
        .extracting(o -> o.get("slug").asText() + ":" + o.get("role").asText())
        .containsExactlyInAnyOrder(acme.slug() + ":owner", globex.slug() + ":member");
  }

  @Test
  void userWithoutMembershipsListsNothing() throws Exception {
    String token = SimTestFixture.jwt("nobody", Instant.now().plusSeconds(60));
    assertThat(json(client.getWithToken("/v1/organizations", token), 200).get("data")).isEmpty();
  }

  @Test
  void detailCountsMembers() throws Exception {
    JsonNode detail =
        json(client.getWithToken("/v1/organizations/" + globex.id(), aliceToken), 200);
    assertThat(detail.get("memberCount").asLong()).isEqualTo(2);
    assertThat(detail.get("slug").asText()).isEqualTo(globex.slug());
  }

  @Test
  void detailOfAnotherOrganizationIs403() throws Exception {
    JsonNode body = json(client.getWithKey("/v1/organizations/" + globex.id(), acmeKey), 403);
    assertThat(body.get("error").get("code").asText()).isEqualTo("FORBIDDEN");
  }

  @Test
  void detailOfUnknownOrganizationIs404() throws Exception {
    JsonNode body = json(client.getWithKey("/v1/organizations/" + UUID.randomUUID(), acmeKey), 404);
    assertThat(body.get("error").get("code").asText()).isEqualTo("NOT_FOUND");
  }

  @Test
  void malformedIdIs400NamingTheParameter() throws Exception {
    JsonNode body = json(client.getWithKey("/v1/organizations/not-a-uuid", acmeKey), 400);
    assertThat(body.get("error").get("details").get("issues").get(0).get("path").asText())
        .isEqualTo("id");
  }

  @Test
  void licenseShowsTheTierAndItsLimits() throws Exception {
    JsonNode license =
        json(client.getWithKey("/v1/organizations/" + acme.id() + "/license", acmeKey), 200);
    assertThat(license.get("tier").asText()).isEqualTo("professional");
    assertThat(license.get("status").asText()).isEqualTo("active");
    assertThat(license.get("limits").get("maxConcurrentSSE").asInt()).isEqualTo(5);
    assertThat(license.get("hasStripeSubscription").asBoolean()).isFalse();
    assertThat(license.get("currentPeriodStart").asText()).endsWith("-01T00:00:00Z");
  }

  @Test
  void licenseErrors() throws Exception {
    json(client.getWithKey("/v1/organizations/" + globex.id() + "/license", acmeKey), 403);
    json(client.getWithKey("/v1/organizations/" + UUID.randomUUID() + "/license", acmeKey), 404);
    json(client.getWithKey("/v1/organizations/" + acme.id() + "/license", acmeUsageKey), 403);
  }

  @Test
  void usageSummaryStartsAtZeroWithTheTierLimits() throws Exception {
    JsonNode usage =
        json(
            client.getWithKey("/v1/organizations/" + acme.id() + "/usage/summary", acmeUsageKey),
            200);
    assertThat(usage.get("simulationRuns").asLong()).isZero();
    assertThat(usage.get("limits").get("maxSimulationRuns").asInt()).isEqualTo(1_000);
    assertThat(usage.get("periodStart").asText()).endsWith("-01T00:00:00Z");
  }

  @Test
  void usageNeedsTheUsageScopeAndAccess() throws Exception {
    json(client.getWithKey("/v1/organizations/" + acme.id() + "/usage/summary", acmeKey), 403);
    json(
        client.getWithKey("/v1/organizations/" + globex.id() + "/usage/summary", acmeUsageKey),
        403);
    json(
        client.getWithKey(
            "/v1/organizations/" + UUID.randomUUID() + "/usage/summary", acmeUsageKey),
        404);
  }

  @Test
  void usageHistoryDefaultsToSixPeriodsNewestFirst() throws Exception {
    JsonNode data =
        json(
                client.getWithKey(
                    "/v1/organizations/" + acme.id() + "/usage/history", acmeUsageKey),
                200)
            .get("data");
    assertThat(data).hasSize(6);
    assertThat(data.get(0).get("periodStart").asText())
        .isGreaterThan(data.get(1).get("periodStart").asText());
    assertThat(data.get(1).get("periodEnd").asText())
        .isEqualTo(data.get(0).get("periodStart").asText());
  }

  @Test
  void usageHistoryTakesOneToTwelvePeriods() throws Exception {
    String base = "/v1/organizations/" + acme.id() + "/usage/history?periods=";
    assertThat(json(client.getWithKey(base + "12", acmeUsageKey), 200).get("data")).hasSize(12);
    assertThat(json(client.getWithKey(base + "1", acmeUsageKey), 200).get("data")).hasSize(1);
    json(client.getWithKey(base + "13", acmeUsageKey), 400);
    json(client.getWithKey(base + "0", acmeUsageKey), 400);
    json(client.getWithKey(base + "abc", acmeUsageKey), 400);
  }

  @Test
  void everyBadParameterIsItsOwnIssue() throws Exception {
    JsonNode issues =
        json(client.getWithKey("/v1/organizations/xyz/usage/history?periods=99", acmeUsageKey), 400)
            .get("error")
            .get("details")
            .get("issues");
    assertThat(issues)
        .extracting(i -> i.get("path").asText())
        .containsExactlyInAnyOrder("orgId", "periods");
  }
}
