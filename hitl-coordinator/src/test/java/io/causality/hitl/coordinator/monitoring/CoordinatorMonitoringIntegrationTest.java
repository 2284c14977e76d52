package io.causality.hitl.coordinator.monitoring;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.causality.common.testing.Await;
import io.causality.hitl.coordinator.CoordinatorApplication;
import io.causality.hitl.coordinator.CoordinatorConfiguration;
import io.causality.hitl.coordinator.CoordinatorHttp;
import io.causality.hitl.coordinator.OverrideBodies;
import io.causality.hitl.coordinator.TestDeployment;
import io.causality.hitl.protocol.policy.AdaptiveEscalationPolicy;
import io.dropwizard.db.DataSourceFactory;
import io.dropwizard.testing.ResourceHelpers;
import io.dropwizard.testing.junit5.DropwizardAppExtension;
import io.dropwizard.testing.junit5.DropwizardExtensionsSupport;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The coordinator as operators watch it: {@code /prometheus} on the admin port with the domain
 * metrics moving as requests are decided and redeemed, the health checks beyond the database's, and
 * the request's trace carried by the audit events.
 */
@ExtendWith(DropwizardExtensionsSupport.class)
class CoordinatorMonitoringIntegrationTest {
  /** Adaptive gating on: deduplication, and a cooldown after a denial. */
  static final TestDeployment DEPLOYMENT =
      TestDeployment.create(new AdaptiveEscalationPolicy(true, 3_600_000, false));

  static final DropwizardAppExtension<CoordinatorConfiguration> APP =
      new DropwizardAppExtension<>(
          CoordinatorApplication.class,
          ResourceHelpers.resourceFilePath("configs/callers.yml"),
          DEPLOYMENT.overrides(
              "dbPath",
              DEPLOYMENT.dir().resolve("coordinator").toString(),
              "monitoring.databaseGaugeInterval",
              "1 second"));

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final HttpClient HTTP = HttpClient.newHttpClient();
  private static final String TRACE_ID = "4bf92f3577b34da6a3ce929d0e0e4736";

  private final CoordinatorHttp api = CoordinatorHttp.callers(APP.getLocalPort());

  @Test
  void prometheusServesTheDomainMetricsTheBridgedOnesAndTheJvm() throws Exception {
    String text = admin("/prometheus", "text/plain").body();
    assertThat(text)
        .contains("hitl_override_requests{status=\"pending\"}")
        .contains("hitl_decisions_total{decision=\"partial\"}")
        .contains("hitl_redemptions_total{outcome=\"replay_detected\"}")
        .contains("hitl_submissions_refused_total{reason=\"rate_limited\"}")
        .contains("hitl_audit_chain_verified")
        .contains("hitl_webhook_deliveries_pending")
        .contains("hitl_pending_request_ttl_seconds 3600.0")
        .contains("http_server_responses_total{status_class=\"2xx\"}")
        .contains("db_pool_active{pool=\"database\"}")
        .contains("jvm_memory_used_bytes{area=\"heap\"}")
        .contains("jvm_threads_state{state=\"RUNNABLE\"}")
        .contains("jvm_threads_current ")
        .doesNotContain("jvm_memory_heap_used");
    HttpResponse<String> open = admin("/prometheus", "application/openmetrics-text");
    assertThat(open.headers().firstValue("Content-Type"))
        .get()
        .asString()
        .startsWith("application/openmetrics-text");
    assertThat(open.body().strip()).endsWith("# EOF");
  }

  @Test
  void prometheusNeedsTheAdminToken() throws Exception {
    for (String authorization : new String[] {null, "Bearer not-the-admin-token-0123"}) {
      HttpRequest.Builder request =
          HttpRequest.newBuilder(
              URI.create("http://127.0.0.1:" + APP.getAdminPort() + "/prometheus"));
      if (authorization != null) {
        request.header("Authorization", authorization);
      }
      HttpResponse<String> refused =
          HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
      assertThat(refused.statusCode()).isEqualTo(401);
      assertThat(refused.body()).doesNotContain("hitl_");
    }
  }

  @Test
  void aDecidedAndRedeemedRequestMovesItsCountersAndItsEventsCarryTheTrace() throws Exception {
    double approved = sample("hitl_decisions_total{decision=\"approved\"}");
    double issued = sample("hitl_tokens_issued_total");
    double accepted = sample("hitl_redemptions_total{outcome=\"accepted\"}");
    double replayed = sample("hitl_redemptions_total{outcome=\"replay_detected\"}");
    double latencies = sample("hitl_decision_latency_seconds_count");

    String id = submitTraced(OverrideBodies.submission("actor-metrics"));
    JsonNode token =
        api.post(
                "/v1/override-requests/" + id + "/approve",
                OverrideBodies.approve(TestDeployment.KEY_ID))
            .body();
    JsonNode record = api.get("/v1/override-requests/" + id).body();
    assertThat(
            api.post("/v1/override-tokens/redeem", OverrideBodies.redeem(token, record))
                .body()
                .get("status")
                .asText())
        .isEqualTo("ACCEPTED");
    api.post("/v1/override-tokens/redeem", OverrideBodies.redeem(token, record));

    assertThat(sample("hitl_decisions_total{decision=\"approved\"}")).isEqualTo(approved + 1);
    assertThat(sample("hitl_tokens_issued_total")).isEqualTo(issued + 1);
    assertThat(sample("hitl_redemptions_total{outcome=\"accepted\"}")).isEqualTo(accepted + 1);
    assertThat(sample("hitl_redemptions_total{outcome=\"replay_detected\"}"))
        .isEqualTo(replayed + 1);
    assertThat(sample("hitl_decision_latency_seconds_count")).isEqualTo(latencies + 1);
    JsonNode submitted = api.get("/v1/override-requests/" + id).body().get("audit").get(0);
    assertThat(submitted.get("eventType").asText()).isEqualTo("SUBMITTED");
    assertThat(submitted.get("traceparent").asText()).startsWith("00-" + TRACE_ID + "-");
    Await.until(
        "the redeemed request counted by its gauge",
        Duration.ofSeconds(30),
        () -> sample("hitl_override_requests{status=\"redeemed\"}") >= 1);
  }

  @Test
  void refusedSubmissionsAreCountedByReason() throws Exception {
    double validation = sample("hitl_submissions_refused_total{reason=\"validation\"}");
    double deduplicated = sample("hitl_submissions_refused_total{reason=\"deduplicated\"}");
    double cooldown = sample("hitl_submissions_refused_total{reason=\"deny_cooldown\"}");
    double denied = sample("hitl_decisions_total{decision=\"denied\"}");
    assertThat(api.postJson("/v1/override-requests", "{}").status()).isEqualTo(400);
    assertThat(api.postJson("/v1/override-requests", "{not json").status()).isEqualTo(400);
    String id =
        api.post("/v1/override-requests", OverrideBodies.submission("actor-twice"))
            .body()
            .get("coordinatorRequestId")
            .asText();
    assertThat(
            api.post("/v1/override-requests", OverrideBodies.submission("actor-twice")).errorCode())
        .isEqualTo("DEDUPLICATED");
    api.post(
        "/v1/override-requests/" + id + "/deny", OverrideBodies.deny(TestDeployment.KEY_ID, "no"));
    assertThat(
            api.post("/v1/override-requests", OverrideBodies.submission("actor-twice")).errorCode())
        .isEqualTo("DENY_COOLDOWN");

    assertThat(sample("hitl_submissions_refused_total{reason=\"validation\"}"))
        .isEqualTo(validation + 2);
    assertThat(sample("hitl_submissions_refused_total{reason=\"deduplicated\"}"))
        .isEqualTo(deduplicated + 1);
    assertThat(sample("hitl_submissions_refused_total{reason=\"deny_cooldown\"}"))
        .isEqualTo(cooldown + 1);
    assertThat(sample("hitl_decisions_total{decision=\"denied\"}")).isEqualTo(denied + 1);
  }

  @Test
  void theHealthChecksReportTheChainTheKeysTheWebhooksAndTheDisk() throws Exception {
    JsonNode checks = JSON.readTree(admin("/healthcheck", "application/json").body());
    for (String name :
        new String[] {
          "audit-chain", "authority-keys", "webhook-backlog", "disk-space", "database"
        }) {
      assertThat(checks.get(name).get("healthy").asBoolean()).as(name).isTrue();
    }
    assertThat(checks.get("authority-keys").get("message").asText()).contains("ops-1");
  }

  @Test
  void aTamperedEventFailsTheChainCheckAndItsGaugeUntilRepaired() throws Exception {
    String id =
        api.post("/v1/override-requests", OverrideBodies.submission("actor-chain"))
            .body()
            .get("coordinatorRequestId")
            .asText();
    String original = setNote(id, "tampered");
    try {
      HttpResponse<String> health = public_("/healthz");
      assertThat(health.statusCode()).isEqualTo(503);
      assertThat(JSON.readTree(health.body()).get("checks").get("audit-chain").asText())
          .isEqualTo("DOWN");
      Await.until(
          "the chain gauge at 0",
          Duration.ofSeconds(30),
          () -> sample("hitl_audit_chain_verified") == 0);
    } finally {
      setNote(id, original);
    }
    assertThat(public_("/healthz").statusCode()).isEqualTo(200);
    Await.until(
        "the chain gauge at 1",
        Duration.ofSeconds(30),
        () -> sample("hitl_audit_chain_verified") == 1);
  }

  @Test
  void aFailedWebhookDeliveryDegradesTheServiceWithoutFailingIt() throws Exception {
    String id =
        api.post("/v1/override-requests", OverrideBodies.submission("actor-webhook"))
            .body()
            .get("coordinatorRequestId")
            .asText();
    String event =
        api.get("/v1/override-requests/" + id).body().get("audit").get(0).get("id").asText();
    execute(
        "INSERT INTO webhook_deliveries (event_id, endpoint, state, attempts, next_attempt_at)"
            + " VALUES (?, 'siem', 'FAILED', 20, CURRENT_TIMESTAMP)",
        event);
    try {
      HttpResponse<String> health = public_("/healthz");
      assertThat(health.statusCode()).isEqualTo(200);
      JsonNode body = JSON.readTree(health.body());
      assertThat(body.get("status").asText()).isEqualTo("DEGRADED");
      assertThat(body.get("checks").get("webhook-backlog").asText()).isEqualTo("DOWN");
      Await.until(
          "the failed delivery counted",
          Duration.ofSeconds(30),
          () -> sample("hitl_webhook_deliveries_failed") == 1);
    } finally {
      execute("DELETE FROM webhook_deliveries WHERE event_id = ?", event);
    }
    assertThat(JSON.readTree(public_("/healthz").body()).get("status").asText()).isEqualTo("UP");
  }

  private String submitTraced(JsonNode body) throws Exception {
    HttpResponse<String> answer =
        HTTP.send(
            HttpRequest.newBuilder(api("/v1/override-requests"))
                .header("Content-Type", "application/json")
                .header("Authorization", "Bearer " + CoordinatorHttp.RUNTIME_TOKEN)
                .header("traceparent", "00-" + TRACE_ID + "-00f067aa0ba902b7-01")
                .POST(HttpRequest.BodyPublishers.ofString(body.toString()))
                .build(),
            HttpResponse.BodyHandlers.ofString());
    assertThat(answer.statusCode()).isEqualTo(201);
    return JSON.readTree(answer.body()).get("coordinatorRequestId").asText();
  }

  /** Sets the note of the request's SUBMITTED event; the note it had. */
  private static String setNote(String requestId, String note) throws Exception {
    try (Connection connection = connect();
        PreparedStatement read =
            connection.prepareStatement(
                "SELECT note FROM audit_events WHERE coordinator_request_id = ?")) {
      read.setString(1, requestId);
      var rows = read.executeQuery();
      rows.next();
      String before = rows.getString(1);
      execute("UPDATE audit_events SET note = ? WHERE coordinator_request_id = ?", note, requestId);
      return before;
    }
  }

  private static void execute(String sql, String... values) throws Exception {
    try (Connection connection = connect();
        PreparedStatement statement = connection.prepareStatement(sql)) {
      for (int i = 0; i < values.length; i++) {
        statement.setString(i + 1, values[i]);
      }
      statement.executeUpdate();
    }
  }

  private static Connection connect() throws Exception {
    DataSourceFactory database = APP.getConfiguration().buildDataSourceFactory();
    return DriverManager.getConnection(
        database.getUrl(), database.getUser(), database.getPassword());
  }

  /** The value of one sample of /prometheus, by its name and labels as written there. */
  private static double sample(String series) {
    try {
      String text = admin("/prometheus", "text/plain").body();
      Matcher found = Pattern.compile("(?m)^" + Pattern.quote(series) + " (\\S+)$").matcher(text);
      return found.find() ? Double.parseDouble(found.group(1)) : Double.NaN;
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  /** The admin port with its token, as Prometheus scrapes it (ops/monitoring/prometheus.yml). */
  private static HttpResponse<String> admin(String path, String accept) throws Exception {
    return HTTP.send(
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + APP.getAdminPort() + path))
            .header("Accept", accept)
            .header(
                "Authorization", "Bearer " + Files.readString(DEPLOYMENT.adminTokenFile()).strip())
            .build(),
        HttpResponse.BodyHandlers.ofString());
  }

  private static HttpResponse<String> public_(String path) throws Exception {
    return HTTP.send(
        HttpRequest.newBuilder(api(path)).build(), HttpResponse.BodyHandlers.ofString());
  }

  private static URI api(String path) {
    return URI.create("http://127.0.0.1:" + APP.getLocalPort() + path);
  }
}
