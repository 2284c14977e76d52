package io.causality.sim.auth;

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
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Exactly one authentication method, valid credentials, and scopes, on a protected path. */
@ExtendWith(DropwizardExtensionsSupport.class)
class AuthenticationIntegrationTest {
  static final DropwizardAppExtension<SimConfiguration> APP =
      SimTestFixture.app(ConfigOverride.config("auth.apiKeyCacheTtl", "0 seconds"));
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String PATH = "/v1/organizations";

  static String readKey;
  static String noOrgScopeKey;
  static OrganizationAdmin admin;
  static OrganizationRow organization;

  private final SimTestFixture.Client client = new SimTestFixture.Client(APP);

  @BeforeAll
  static void callers() {
    admin = SimTestFixture.admin(APP);
    organization = SimTestFixture.organization(admin, "community");
    readKey = admin.createApiKey(organization.slug(), "org:read").key();
    noOrgScopeKey = admin.createApiKey(organization.slug(), "simulation:read").key();
    admin.addMember(organization.slug(), "alice", "owner");
  }

  /** The error of an answer; a 401 also names the scheme to use (RFC 9110, 11.6.1). */
  private static JsonNode error(HttpResponse<String> response, int status) throws Exception {
    assertThat(response.statusCode()).isEqualTo(status);
    if (status == 401) {
      assertThat(response.headers().firstValue("WWW-Authenticate"))
          .contains("Bearer realm=\"sim-server\"");
    }
    JsonNode error = JSON.readTree(response.body()).get("error");
    assertThat(error.get("requestId").asText()).isNotBlank();
    return error;
  }

  @Test
  void validApiKeyIsAccepted() {
    assertThat(client.getWithKey(PATH, readKey).statusCode()).isEqualTo(200);
  }

  @Test
  void validJwtIsAccepted() {
    String token = SimTestFixture.jwt("alice", Instant.now().plusSeconds(300));
    assertThat(client.getWithToken(PATH, token).statusCode()).isEqualTo(200);
  }

  @Test
  void missingAuthenticationIs401() throws Exception {
    JsonNode error = error(client.send(client.request(PATH)), 401);
    assertThat(error.get("code").asText()).isEqualTo("UNAUTHORIZED");
    assertThat(error.get("message").asText()).contains("X-Api-Key");
  }

  @Test
  void bothMethodsAtOnceIs401() throws Exception {
    String token = SimTestFixture.jwt("alice", Instant.now().plusSeconds(300));
    JsonNode error =
        error(
            client.send(
                client
                    .request(PATH)
                    .header("X-Api-Key", readKey)
                    .header("Authorization", "Bearer " + token)),
            401);
    assertThat(error.get("message").asText()).contains("not both");
  }

  @Test
  void unknownOrMalformedApiKeyIs401() throws Exception {
    error(client.getWithKey(PATH, "sk_live_" + "A".repeat(32)), 401);
    error(client.getWithKey(PATH, "not-a-key"), 401);
  }

  @Test
  void forgedJwtIs401() throws Exception {
    String forged =
        SimTestFixture.jwt(
            "alice", Instant.now().plusSeconds(300), "another-secret-that-is-also-32-bytes-long");
    error(client.getWithToken(PATH, forged), 401);
  }

  @Test
  void expiredJwtIs401() throws Exception {
    String expired = SimTestFixture.jwt("alice", Instant.now().minusSeconds(3_600));
    JsonNode error = error(client.getWithToken(PATH, expired), 401);
    assertThat(error.get("message").asText()).contains("expired");
  }

  @Test
  void unsignedJwtIs401() throws Exception {
    Base64.Encoder b64 = Base64.getUrlEncoder().withoutPadding();
    String none =
        b64.encodeToString("{\"alg\":\"none\"}".getBytes())
            + "."
            + b64.encodeToString(
                ("{\"sub\":\"alice\",\"exp\":" + (Instant.now().getEpochSecond() + 300) + "}")
                    .getBytes())
            + ".";
    error(client.getWithToken(PATH, none), 401);
  }

  @Test
  void otherAuthorizationSchemeIs401() throws Exception {
    error(client.send(client.request(PATH).header("Authorization", "Basic YWxpY2U6eA==")), 401);
  }

  /** The test app remembers no keys (apiKeyCacheTtl 0): a revocation is refused at once. */
  @Test
  void revokedKeyIs401() throws Exception {
    OrganizationAdmin.CreatedApiKey key = admin.createApiKey(organization.slug(), "org:read");
    assertThat(client.getWithKey(PATH, key.key()).statusCode()).isEqualTo(200);
    admin.revokeApiKey(key.id());
    error(client.getWithKey(PATH, key.key()), 401);
  }

  @Test
  void activeKeyIsRememberedForItsCacheTimeAndNoLonger() {
    OrganizationAdmin.CreatedApiKey key = admin.createApiKey(organization.slug(), "org:read");
    AtomicLong nanos = new AtomicLong();
    CallerAuthenticator authenticator =
        new CallerAuthenticator(
            SimTestFixture.jdbi(APP), Optional.empty(), Duration.ofSeconds(10), nanos::get);
    Credentials credentials = new Credentials.ApiKey(key.key());
    assertThat(authenticator.authenticate(credentials)).isPresent();

    admin.revokeApiKey(key.id());
    nanos.addAndGet(Duration.ofSeconds(9).toNanos());
    assertThat(authenticator.authenticate(credentials))
        .as("remembered: the documented revocation delay")
        .isPresent();
    nanos.addAndGet(Duration.ofSeconds(1).toNanos());
    assertThat(authenticator.authenticate(credentials)).as("forgotten, then refused").isEmpty();
  }

  @Test
  void missingScopeIs403() throws Exception {
    JsonNode error = error(client.getWithKey(PATH, noOrgScopeKey), 403);
    assertThat(error.get("code").asText()).isEqualTo("FORBIDDEN");
    assertThat(error.get("message").asText()).contains("org:read");
  }

  @Test
  void publicHealthNeedsNoAuthentication() {
    assertThat(client.send(client.request("/v1/health")).statusCode()).isEqualTo(200);
  }
}
