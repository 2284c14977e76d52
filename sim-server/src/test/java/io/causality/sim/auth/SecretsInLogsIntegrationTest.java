package io.causality.sim.auth;

import static org.assertj.core.api.Assertions.assertThat;

import com.nimbusds.jose.JOSEObjectType;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.MACSigner;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.PlainJWT;
import com.nimbusds.jwt.SignedJWT;
import io.causality.common.testing.ConsoleCapture;
import io.causality.sim.SimConfiguration;
import io.causality.sim.core.organization.OrganizationAdmin;
import io.causality.sim.db.OrganizationRow;
import io.causality.sim.testing.SimTestFixture;
import io.dropwizard.testing.ConfigOverride;
import io.dropwizard.testing.junit5.DropwizardAppExtension;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * No secret reaches a log line or an answer: the JWT secret the service starts with, API keys
 * (valid, unknown, malformed, revoked), bearer tokens (valid, wrongly signed, expired, unsigned,
 * garbage). Everything the service writes to the console, start-up and request log included, is
 * captured and searched for each one.
 */
class SecretsInLogsIntegrationTest {
  private static final String WRONG_SECRET = "another-secret-of-at-least-32-bytes-length!";

  private final Map<String, String> secrets = new LinkedHashMap<>();
  private final List<String> answers = new ArrayList<>();

  @Test
  void noSecretReachesTheLogsOrTheAnswers() throws Exception {
    String console = run("INFO", false);
    assertThat(console).contains("GET /v1/simulations"); // the request log was captured
    checkNoSecretIn(console);
  }

  /**
   * Every logger at DEBUG, and Jetty's set there through the admin port's log-level task as an
   * attacker did (with the admin token now): Jetty printed the request headers, X-Api-Key and
   * Authorization values with them. Also the first and last 16 characters of each secret, as a
   * buffer dump cuts them anywhere.
   */
  @Test
  void noSecretReachesTheLogsAtDebugEither() throws Exception {
    String console = run("DEBUG", true);
    assertThat(console).contains("DEBUG").contains("GET /v1/simulations");
    checkNoSecretIn(console);
    secrets.forEach(
        (name, secret) -> {
          if (secret.length() >= 24) {
            assertThat(console)
                .as("the console holds part of " + name)
                .doesNotContain(secret.substring(0, 16))
                .doesNotContain(secret.substring(secret.length() - 16));
          }
        });
  }

  private String run(String level, boolean jettyDebugByTask) throws Exception {
    try (ConsoleCapture capture = ConsoleCapture.start()) {
      DropwizardAppExtension<SimConfiguration> app =
          SimTestFixture.app(
              ConfigOverride.config("logging.level", level),
              ConfigOverride.config("rateLimits.enabled", "false"));
      app.before();
      try {
        if (jettyDebugByTask) {
          jettyToDebug(app);
        }
        exercise(app);
      } finally {
        app.after();
      }
      return capture.text();
    }
  }

  private void jettyToDebug(DropwizardAppExtension<SimConfiguration> app) throws Exception {
    String token =
        Files.readString(Path.of(app.getConfiguration().getAdmin().getTokenFile())).strip();
    secret("the admin token", token);
    HttpResponse<String> task =
        HttpClient.newHttpClient()
            .send(
                HttpRequest.newBuilder(
                        URI.create(
                            "http://127.0.0.1:"
                                + app.getAdminPort()
                                + "/tasks/log-level?logger=org.eclipse.jetty&level=DEBUG"))
                    .header("Authorization", "Bearer " + token)
                    .POST(HttpRequest.BodyPublishers.noBody())
                    .build(),
                HttpResponse.BodyHandlers.ofString());
    assertThat(task.statusCode()).isEqualTo(200);
  }

  private void checkNoSecretIn(String console) {
    secrets.forEach(
        (name, secret) -> {
          assertThat(console).as("the console holds " + name).doesNotContain(secret);
          answers.forEach(
              answer -> assertThat(answer).as("an answer holds " + name).doesNotContain(secret));
        });
  }

  private void exercise(DropwizardAppExtension<SimConfiguration> app) throws Exception {
    SimTestFixture.Client client = new SimTestFixture.Client(app);
    OrganizationAdmin admin = SimTestFixture.admin(app);
    OrganizationRow org = SimTestFixture.organization(admin, "community");
    String valid = admin.createApiKey(org.slug(), "simulation:read").key();
    OrganizationAdmin.CreatedApiKey revoked = admin.createApiKey(org.slug(), "simulation:read");
    admin.revokeApiKey(revoked.id());
    admin.addMember(org.slug(), "user-1", "member");
    secret("the JWT secret", SimTestFixture.JWT_SECRET);
    secret("the wrong JWT secret", WRONG_SECRET);
    secret("a valid API key", valid);
    secret("a revoked API key", revoked.key());
    secret("an unknown API key", "sk_live_" + "Q".repeat(32));
    secret("a malformed API key", "sk_live_malformed-key-with-!!-characters");
    secret("a valid token", SimTestFixture.jwt("user-1", Instant.now().plusSeconds(600)));
    secret(
        "a token of an unknown user", SimTestFixture.jwt("nobody", Instant.now().plusSeconds(600)));
    secret("an expired token", SimTestFixture.jwt("user-1", Instant.now().minusSeconds(600)));
    secret(
        "a wrongly signed token",
        SimTestFixture.jwt("user-1", Instant.now().plusSeconds(600), WRONG_SECRET));
    secret(
        "an unsigned token",
        new PlainJWT(
                new JWTClaimsSet.Builder()
                    .subject("user-1")
                    .expirationTime(Date.from(Instant.now().plusSeconds(600)))
                    .build())
            .serialize());
    secret("a token with a header of its own", oddHeaderToken());
    secret("a garbage token", "eyJhbGciOiJIUzI1NiJ9.garbage-garbage.signature-signature");
    for (String path :
        List.of(
            "/v1/simulations", "/v1/organizations", "/v1/organizations/" + org.id() + "/license")) {
      for (Map.Entry<String, String> entry : secrets.entrySet()) {
        answer(client.getWithKey(path, entry.getValue()));
        answer(client.getWithToken(path, entry.getValue()));
        answer(
            client.send(client.request(path).header("Authorization", "Basic " + entry.getValue())));
        answer(
            client.send(
                client
                    .request(path)
                    .header("X-Api-Key", entry.getValue())
                    .header("Authorization", "Bearer " + entry.getValue())));
      }
    }
    answer(
        client.send(
            client
                .request("/v1/simulations")
                .header("X-Api-Key", valid)
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"scenarioId\":\"" + valid + "\"}"))));
  }

  private void secret(String name, String value) {
    secrets.put(name, value);
    // A token's signature alone is as secret as the token.
    String[] parts = value.split("\\.");
    if (parts.length == 3 && parts[2].length() > 8) {
      secrets.put(name + " (its signature)", parts[2]);
    }
  }

  private void answer(HttpResponse<String> response) {
    assertThat(response.statusCode()).isLessThan(500);
    answers.add(response.body() + response.headers().map());
  }

  /** Signed with the right secret, but carrying a critical header the verifier refuses. */
  private static String oddHeaderToken() throws Exception {
    SignedJWT jwt =
        new SignedJWT(
            new JWSHeader.Builder(JWSAlgorithm.HS512)
                .type(JOSEObjectType.JWT)
                .keyID("kid-1")
                .build(),
            new JWTClaimsSet.Builder()
                .subject("user-1")
                .expirationTime(Date.from(Instant.now().plusSeconds(600)))
                .build());
    jwt.sign(
        new MACSigner(
            (SimTestFixture.JWT_SECRET + SimTestFixture.JWT_SECRET)
                .getBytes(StandardCharsets.UTF_8)));
    return jwt.serialize();
  }
}
