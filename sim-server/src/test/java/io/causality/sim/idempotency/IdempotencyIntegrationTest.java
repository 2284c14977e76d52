package io.causality.sim.idempotency;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.causality.common.testing.Await;
import io.causality.sim.SimConfiguration;
import io.causality.sim.core.organization.OrganizationAdmin;
import io.causality.sim.db.OrganizationRow;
import io.causality.sim.testing.LimitsTestApplication;
import io.causality.sim.testing.SimTestFixture;
import io.dropwizard.testing.ConfigOverride;
import io.dropwizard.testing.junit5.DropwizardAppExtension;
import io.dropwizard.testing.junit5.DropwizardExtensionsSupport;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The spec's four Idempotency-Key rules, the in-flight conflict and what is not cached. */
@ExtendWith(DropwizardExtensionsSupport.class)
class IdempotencyIntegrationTest {
  static final DropwizardAppExtension<SimConfiguration> APP =
      SimTestFixture.app(
          LimitsTestApplication.class,
          "configs/minimal.yml",
          ConfigOverride.config("idempotency.cleanupInterval", "200 milliseconds"),
          ConfigOverride.config("idempotency.maxStoredBodySize", "2 KiB"));
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String WRITE = "simulation:read,simulation:write";

  static OrganizationAdmin admin;
  static OrganizationRow strategic;
  static String key;

  private final SimTestFixture.Client client = new SimTestFixture.Client(APP);

  @BeforeAll
  static void callers() {
    admin = SimTestFixture.admin(APP);
    strategic = SimTestFixture.organization(admin, "strategic");
    key = admin.createApiKey(strategic.slug(), WRITE).key();
  }

  private static String newKey() {
    return "test-" + UUID.randomUUID();
  }

  private HttpRequest.Builder post(String path, String apiKey, String idempotencyKey, String body) {
    HttpRequest.Builder request =
        client
            .request(path)
            .header("X-Api-Key", apiKey)
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(body));
    return idempotencyKey == null ? request : request.header("Idempotency-Key", idempotencyKey);
  }

  private HttpResponse<String> send(
      String path, String apiKey, String idempotencyKey, String body) {
    return client.send(post(path, apiKey, idempotencyKey, body));
  }

  private static String execution(HttpResponse<String> response) throws Exception {
    return JSON.readTree(response.body()).get("execution").asText();
  }

  private static String errorCode(HttpResponse<String> response) throws Exception {
    JsonNode error = JSON.readTree(response.body()).get("error");
    assertThat(error.get("requestId").asText()).isNotBlank();
    return error.get("code").asText();
  }

  private static boolean replayed(HttpResponse<String> response) {
    return response.headers().firstValue("Idempotency-Replayed").isPresent();
  }

  private static long storedRows(String idempotencyKey) throws Exception {
    return SimTestFixture.jdbi(APP)
        .withHandle(
            handle ->
                handle
                    .createQuery(
                        "SELECT COUNT(*) FROM idempotency_keys WHERE idempotency_key = :key")
                    .bind("key", idempotencyKey)
                    .mapTo(Long.class)
                    .one());
  }

  @Test
  void theSameKeyAndBodyReplayTheOriginalResponse() throws Exception {
    String idempotencyKey = newKey();
    HttpResponse<String> first = send("/v1/simulations/test", key, idempotencyKey, "{\"a\":1}");
    HttpResponse<String> again = send("/v1/simulations/test", key, idempotencyKey, "{\"a\":1}");
    assertThat(first.statusCode()).isEqualTo(201);
    assertThat(replayed(first)).isFalse();
    assertThat(again.statusCode()).isEqualTo(201);
    assertThat(again.body()).isEqualTo(first.body());
    assertThat(again.headers().firstValue("Idempotency-Replayed")).hasValue("true");
    assertThat(again.headers().firstValue("Content-Type"))
        .hasValueSatisfying(type -> assertThat(type).startsWith("application/json"));
  }

  @Test
  void aRequestWithoutAKeyRunsEveryTime() throws Exception {
    HttpResponse<String> first = send("/v1/simulations/test", key, null, "{\"a\":1}");
    HttpResponse<String> second = send("/v1/simulations/test", key, null, "{\"a\":1}");
    assertThat(execution(second)).isNotEqualTo(execution(first));
  }

  @Test
  void theSameKeyWithAnotherBodyIsAConflict() throws Exception {
    String idempotencyKey = newKey();
    send("/v1/simulations/test", key, idempotencyKey, "{\"a\":1}");
    HttpResponse<String> reused = send("/v1/simulations/test", key, idempotencyKey, "{\"a\":2}");
    assertThat(reused.statusCode()).isEqualTo(409);
    assertThat(errorCode(reused)).isEqualTo("IDEMPOTENCY_KEY_REUSE");
  }

  @Test
  void theSameKeyWhileTheFirstRequestRunsIsInUse() throws Exception {
    LimitsTestApplication application = APP.getApplication();
    String idempotencyKey = newKey();
    CompletableFuture<HttpResponse<String>> first =
        HttpClient.newHttpClient()
            .sendAsync(
                post("/v1/simulations/test/s1/block", key, idempotencyKey, "{}").build(),
                HttpResponse.BodyHandlers.ofString());
    assertThat(application.simulations.blockEntered.await(20, TimeUnit.SECONDS)).isTrue();
    HttpResponse<String> second = send("/v1/simulations/test/s1/block", key, idempotencyKey, "{}");
    application.simulations.blockRelease.countDown();
    assertThat(second.statusCode()).isEqualTo(409);
    assertThat(errorCode(second)).isEqualTo("IDEMPOTENCY_KEY_IN_USE");
    HttpResponse<String> original = first.get(20, TimeUnit.SECONDS);
    assertThat(original.statusCode()).isEqualTo(200);
    HttpResponse<String> third = send("/v1/simulations/test/s1/block", key, idempotencyKey, "{}");
    assertThat(third.body()).isEqualTo(original.body());
    assertThat(replayed(third)).isTrue();
  }

  @Test
  void anExpiredKeyIsCleanedUpAndRunsAnew() throws Exception {
    LimitsTestApplication application = APP.getApplication();
    String idempotencyKey = newKey();
    HttpResponse<String> first = send("/v1/simulations/test", key, idempotencyKey, "{\"a\":1}");
    assertThat(storedRows(idempotencyKey)).isEqualTo(1);
    application.clock.advance(Duration.ofHours(24).plusMinutes(1));
    Await.until(
        "the cleaner removes the expired key",
        Duration.ofSeconds(10),
        () -> storedRows(idempotencyKey) == 0);
    HttpResponse<String> later = send("/v1/simulations/test", key, idempotencyKey, "{\"a\":1}");
    assertThat(later.statusCode()).isEqualTo(201);
    assertThat(replayed(later)).isFalse();
    assertThat(execution(later)).isNotEqualTo(execution(first));
  }

  @Test
  void keysAreScopedToTheIdentity() throws Exception {
    String otherKey = admin.createApiKey(strategic.slug(), WRITE).key();
    String idempotencyKey = newKey();
    HttpResponse<String> mine = send("/v1/simulations/test", key, idempotencyKey, "{\"a\":1}");
    HttpResponse<String> theirs =
        send("/v1/simulations/test", otherKey, idempotencyKey, "{\"a\":1}");
    assertThat(theirs.statusCode()).isEqualTo(201);
    assertThat(replayed(theirs)).isFalse();
    assertThat(execution(theirs)).isNotEqualTo(execution(mine));
  }

  @Test
  void keysAreScopedToThePath() throws Exception {
    String idempotencyKey = newKey();
    send("/v1/simulations/test/s1/step", key, idempotencyKey, "{\"ticks\":1}");
    HttpResponse<String> otherPath =
        send("/v1/simulations/test/s2/step", key, idempotencyKey, "{\"ticks\":2}");
    assertThat(otherPath.statusCode()).isEqualTo(200);
    assertThat(replayed(otherPath)).isFalse();
  }

  @Test
  void aValidationErrorIsNotCached() throws Exception {
    String idempotencyKey = newKey();
    HttpResponse<String> invalid =
        send("/v1/simulations/test/s1/step", key, idempotencyKey, "{\"ticks\":0}");
    assertThat(invalid.statusCode()).isEqualTo(400);
    assertThat(storedRows(idempotencyKey)).isZero();
    HttpResponse<String> fixed =
        send("/v1/simulations/test/s1/step", key, idempotencyKey, "{\"ticks\":5}");
    assertThat(fixed.statusCode()).isEqualTo(200);
    assertThat(replayed(fixed)).isFalse();
  }

  @Test
  void aResourceErrorIsNotCached() throws Exception {
    String idempotencyKey = newKey();
    HttpResponse<String> foreign =
        send("/v1/simulations/test/foreign/step", key, idempotencyKey, "{\"ticks\":1}");
    assertThat(foreign.statusCode()).isEqualTo(401);
    assertThat(storedRows(idempotencyKey)).isZero();
  }

  @Test
  void refusedAuthenticationAndMissingScopesClaimNoKey() throws Exception {
    String idempotencyKey = newKey();
    String readOnly = admin.createApiKey(strategic.slug(), "simulation:read").key();
    HttpResponse<String> unauthenticated =
        send("/v1/simulations/test", "sk_live_" + "W".repeat(32), idempotencyKey, "{}");
    HttpResponse<String> forbidden = send("/v1/simulations/test", readOnly, idempotencyKey, "{}");
    assertThat(unauthenticated.statusCode()).isEqualTo(401);
    assertThat(forbidden.statusCode()).isEqualTo(403);
    assertThat(storedRows(idempotencyKey)).isZero();
  }

  @Test
  void aRateLimitedRequestClaimsNoKey() throws Exception {
    OrganizationRow community = SimTestFixture.organization(admin, "community");
    String limited = admin.createApiKey(community.slug(), WRITE).key();
    for (int request = 0; request < 10; request++) {
      send("/v1/simulations/test", limited, null, "{}");
    }
    String idempotencyKey = newKey();
    HttpResponse<String> refused = send("/v1/simulations/test", limited, idempotencyKey, "{}");
    assertThat(refused.statusCode()).isEqualTo(429);
    assertThat(storedRows(idempotencyKey)).isZero();
  }

  @Test
  void aMalformedKeyIsAValidationErrorNamingTheHeader() throws Exception {
    HttpResponse<String> response = send("/v1/simulations/test", key, "x".repeat(256), "{}");
    assertThat(response.statusCode()).isEqualTo(400);
    JsonNode error = JSON.readTree(response.body()).get("error");
    assertThat(error.get("code").asText()).isEqualTo("VALIDATION_ERROR");
    assertThat(error.get("details").get("issues").get(0).get("path").asText())
        .isEqualTo("Idempotency-Key");
  }

  @Test
  void aSmallStreamedResponseIsReplayedByteForByte() throws Exception {
    String idempotencyKey = newKey();
    HttpResponse<String> first =
        send("/v1/simulations/test/s1/stream?lines=3", key, idempotencyKey, "{}");
    HttpResponse<String> again =
        send("/v1/simulations/test/s1/stream?lines=3", key, idempotencyKey, "{}");
    assertThat(first.body().lines()).hasSize(3);
    assertThat(again.body()).isEqualTo(first.body());
    assertThat(again.headers().firstValue("Content-Type")).hasValue("application/x-ndjson");
    assertThat(replayed(again)).isTrue();
  }

  @Test
  void theSameKeyWithAnotherQueryIsAConflict() throws Exception {
    String idempotencyKey = newKey();
    send("/v1/simulations/test/s1/stream?lines=1", key, idempotencyKey, "{}");
    HttpResponse<String> other =
        send("/v1/simulations/test/s1/stream?lines=2", key, idempotencyKey, "{}");
    assertThat(other.statusCode()).isEqualTo(409);
    assertThat(errorCode(other)).isEqualTo("IDEMPOTENCY_KEY_REUSE");
  }

  @Test
  void aResponseTooLargeToStoreIsNeverRunAgain() throws Exception {
    String idempotencyKey = newKey();
    HttpResponse<String> first =
        send("/v1/simulations/test/s1/stream?lines=100", key, idempotencyKey, "{}");
    assertThat(first.statusCode()).isEqualTo(200);
    assertThat(first.body().lines()).hasSize(100);
    HttpResponse<String> again =
        send("/v1/simulations/test/s1/stream?lines=100", key, idempotencyKey, "{}");
    assertThat(again.statusCode()).isEqualTo(409);
    assertThat(errorCode(again)).isEqualTo("IDEMPOTENCY_REPLAY_UNAVAILABLE");
    assertThat(
            JSON.readTree(again.body()).get("error").get("details").get("originalStatus").asInt())
        .isEqualTo(200);
  }
}
