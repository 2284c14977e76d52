package io.causality.sim.ratelimit;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.causality.sim.SimConfiguration;
import io.causality.sim.core.organization.OrganizationAdmin;
import io.causality.sim.db.OrganizationRow;
import io.causality.sim.metrics.SimMetrics;
import io.causality.sim.testing.LimitsTestApplication;
import io.causality.sim.testing.SimTestFixture;
import io.dropwizard.testing.junit5.DropwizardAppExtension;
import io.dropwizard.testing.junit5.DropwizardExtensionsSupport;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Instant;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Budgets per identity and route class, sized by tier, over the production 60 s window. */
@ExtendWith(DropwizardExtensionsSupport.class)
class RateLimitIntegrationTest {
  static final DropwizardAppExtension<SimConfiguration> APP =
      SimTestFixture.app(LimitsTestApplication.class, "configs/minimal.yml");
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String ALL_SCOPES = "simulation:read,simulation:write";

  static OrganizationAdmin admin;
  static OrganizationRow community;
  static OrganizationRow professional;

  private final SimTestFixture.Client client = new SimTestFixture.Client(APP);

  @BeforeAll
  static void organizations() {
    admin = SimTestFixture.admin(APP);
    community = SimTestFixture.organization(admin, "community");
    professional = SimTestFixture.organization(admin, "professional");
  }

  private static String key(OrganizationRow organization, String scopes) {
    return admin.createApiKey(organization.slug(), scopes).key();
  }

  private HttpResponse<String> create(HttpRequest.Builder request) {
    return client.send(
        request
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString("{\"scenarioId\":\"s\"}")));
  }

  private HttpResponse<String> createWithKey(String key) {
    return create(client.request("/v1/simulations/test").header("X-Api-Key", key));
  }

  private static long header(HttpResponse<String> response, String name) {
    return Long.parseLong(
        response
            .headers()
            .firstValue(name)
            .orElseThrow(
                () -> new AssertionError("No " + name + " on a " + response.statusCode())));
  }

  @Test
  void theEleventhCreateOfACommunityKeyInAMinuteIsRateLimited() throws Exception {
    String key = key(community, ALL_SCOPES);
    double limited = SimMetrics.RATE_LIMITED.labelValues("create").get();
    for (int request = 1; request <= 10; request++) {
      HttpResponse<String> response = createWithKey(key);
      assertThat(response.statusCode()).isEqualTo(201);
      assertThat(header(response, RateLimitFilter.LIMIT)).isEqualTo(10);
      assertThat(header(response, RateLimitFilter.REMAINING)).isEqualTo(10 - request);
    }
    HttpResponse<String> refused = createWithKey(key);
    assertThat(refused.statusCode()).isEqualTo(429);
    assertThat(SimMetrics.RATE_LIMITED.labelValues("create").get()).isEqualTo(limited + 1);
    JsonNode error = JSON.readTree(refused.body()).get("error");
    assertThat(error.get("code").asText()).isEqualTo("RATE_LIMITED");
    assertThat(error.get("requestId").asText())
        .isEqualTo(refused.headers().firstValue("X-Request-Id").orElseThrow());
    assertThat(header(refused, "Retry-After")).isBetween(1L, 61L);
    assertThat(header(refused, RateLimitFilter.REMAINING)).isZero();
    assertThat(header(refused, RateLimitFilter.RESET))
        .isGreaterThan(Instant.now().getEpochSecond() - 1)
        .isLessThanOrEqualTo(Instant.now().getEpochSecond() + 62);
  }

  @Test
  void theProfessionalTierAllowsThirtyCreates() {
    String key = key(professional, ALL_SCOPES);
    for (int request = 1; request <= 30; request++) {
      HttpResponse<String> response = createWithKey(key);
      assertThat(response.statusCode()).as("create %d", request).isEqualTo(201);
      assertThat(header(response, RateLimitFilter.LIMIT)).isEqualTo(30);
    }
    assertThat(createWithKey(key).statusCode()).isEqualTo(429);
  }

  @Test
  void aUserGetsTheHighestTierAmongItsOrganizations() {
    admin.addMember(community.slug(), "rl-user", "member");
    admin.addMember(professional.slug(), "rl-user", "member");
    String token = SimTestFixture.jwt("rl-user", Instant.now().plusSeconds(300));
    HttpResponse<String> response =
        create(client.request("/v1/simulations/test").header("Authorization", "Bearer " + token));
    assertThat(response.statusCode()).isEqualTo(201);
    assertThat(header(response, RateLimitFilter.LIMIT)).isEqualTo(30);
  }

  @Test
  void aUserWithoutOrganizationsGetsCommunityLimits() {
    String token = SimTestFixture.jwt("rl-loner", Instant.now().plusSeconds(300));
    HttpResponse<String> response =
        create(client.request("/v1/simulations/test").header("Authorization", "Bearer " + token));
    assertThat(header(response, RateLimitFilter.LIMIT)).isEqualTo(10);
  }

  @Test
  void separateIdentitiesHaveSeparateBudgets() {
    String spent = key(community, ALL_SCOPES);
    String fresh = key(community, ALL_SCOPES);
    for (int request = 0; request < 10; request++) {
      createWithKey(spent);
    }
    assertThat(createWithKey(spent).statusCode()).isEqualTo(429);
    HttpResponse<String> other = createWithKey(fresh);
    assertThat(other.statusCode()).isEqualTo(201);
    assertThat(header(other, RateLimitFilter.REMAINING)).isEqualTo(9);
  }

  @Test
  void routeClassesHaveSeparateBudgets() throws Exception {
    String key = key(community, ALL_SCOPES);
    HttpResponse<String> real =
        client.send(
            client
                .request("/v1/simulations")
                .header("X-Api-Key", key)
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"scenarioId\":\"stable-basins\"}")));
    assertThat(real.statusCode()).as(real.body()).isEqualTo(201);
    String id =
        new com.fasterxml.jackson.databind.ObjectMapper().readTree(real.body()).get("id").asText();
    for (int request = 1; request < 10; request++) {
      createWithKey(key);
    }
    assertThat(createWithKey(key).statusCode()).isEqualTo(429);
    HttpResponse<String> step =
        client.send(
            client
                .request("/v1/simulations/" + id + "/step")
                .header("X-Api-Key", key)
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"ticks\":1}")));
    assertThat(step.statusCode()).as(step.body()).isEqualTo(200);
    assertThat(header(step, RateLimitFilter.LIMIT)).isEqualTo(60);
    HttpResponse<String> read = client.getWithKey("/v1/simulations/" + id, key);
    assertThat(read.statusCode()).isEqualTo(200);
    assertThat(header(read, RateLimitFilter.LIMIT)).isEqualTo(120);
  }

  @Test
  void headersArePresentOnSuccessAndOnErrorsAfterAuthentication() {
    String key = key(community, ALL_SCOPES);
    String writeOnly = key(community, "simulation:write");
    HttpResponse<String> ok = client.getWithKey("/v1/simulations/test/s1", key);
    HttpResponse<String> notFound = client.getWithKey("/v1/simulations/test/missing", key);
    HttpResponse<String> notAuthorized = client.getWithKey("/v1/simulations/test/foreign", key);
    HttpResponse<String> forbidden = client.getWithKey("/v1/simulations/test/s1", writeOnly);
    assertThat(ok.statusCode()).isEqualTo(200);
    assertThat(notFound.statusCode()).isEqualTo(404);
    assertThat(notAuthorized.statusCode()).isEqualTo(401);
    assertThat(forbidden.statusCode()).isEqualTo(403);
    for (HttpResponse<String> response :
        java.util.List.of(ok, notFound, notAuthorized, forbidden)) {
      assertThat(header(response, RateLimitFilter.LIMIT)).isEqualTo(120);
      assertThat(response.headers().firstValue(RateLimitFilter.RESET)).isPresent();
    }
    assertThat(header(notAuthorized, RateLimitFilter.REMAINING)).isEqualTo(117);
  }

  @Test
  void publicPathsAreChargedToTheClientAddress() {
    HttpResponse<String> first = client.send(client.request("/v1/health"));
    HttpResponse<String> second = client.send(client.request("/v1/health"));
    assertThat(header(first, RateLimitFilter.LIMIT)).isEqualTo(120);
    assertThat(header(second, RateLimitFilter.REMAINING))
        .isLessThan(header(first, RateLimitFilter.REMAINING));
  }

  @Test
  void refusedAuthenticationHasNoIdentityToCharge() {
    HttpResponse<String> response =
        client.getWithKey("/v1/simulations/test/s1", "sk_live_" + "Q".repeat(32));
    assertThat(response.statusCode()).isEqualTo(401);
    assertThat(response.headers().firstValue(RateLimitFilter.LIMIT)).isEmpty();
  }
}
