package io.causality.sim.metrics;

import static io.causality.sim.evaluation.TwoServices.json;
import static io.causality.sim.evaluation.TwoServices.licenseOf;
import static io.causality.sim.evaluation.TwoServices.post;
import static io.causality.sim.evaluation.TwoServices.request;
import static io.causality.sim.evaluation.TwoServices.withToken;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.causality.common.testing.Await;
import io.causality.common.testing.CoordinatorProcess;
import io.causality.sim.SimConfiguration;
import io.causality.sim.core.organization.OrganizationAdmin;
import io.causality.sim.db.OrganizationRow;
import io.causality.sim.evaluation.TwoServices;
import io.causality.sim.testing.SimTestFixture;
import io.dropwizard.testing.junit5.DropwizardAppExtension;
import io.dropwizard.testing.junit5.DropwizardExtensionsSupport;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * sim-server as operators watch it, beside a real coordinator: {@code /prometheus} on the admin
 * port with the domain metrics moving as ticks are computed and tokens redeemed, and the health
 * checks, the coordinator's only degrading the service. The coordinator is stopped last.
 */
@ExtendWith(DropwizardExtensionsSupport.class)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class SimMonitoringIntegrationTest {
  static final CoordinatorProcess COORDINATOR = CoordinatorProcess.deploy().start();
  static final TwoServices.Operator OPERATOR = TwoServices.Operator.of(COORDINATOR);
  static final DropwizardAppExtension<SimConfiguration> SIM =
      TwoServices.simServer(COORDINATOR, "2 seconds");

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final HttpClient HTTP = HttpClient.newHttpClient();
  private static String writer;
  private static String license;

  @BeforeAll
  static void organization() {
    OrganizationAdmin admin = SimTestFixture.admin(SIM);
    OrganizationRow organization = SimTestFixture.organization(admin, "community");
    writer = admin.createApiKey(organization.slug(), "simulation:write,org:read").key();
    license = licenseOf(sim(""), organization.id(), writer);
  }

  @AfterAll
  static void stopCoordinator() {
    COORDINATOR.stop();
  }

  @Test
  @Order(1)
  void prometheusNeedsTheAdminToken() throws Exception {
    HttpResponse<String> refused =
        HTTP.send(
            HttpRequest.newBuilder(URI.create(admin("/prometheus"))).build(),
            HttpResponse.BodyHandlers.ofString());
    assertThat(refused.statusCode()).isEqualTo(401);
    assertThat(refused.body()).doesNotContain("sim_");
  }

  @Test
  @Order(1)
  void prometheusServesTheDomainMetricsTheBridgedOnesAndTheJvm() throws Exception {
    assertThat(prometheus())
        .contains("sim_simulations{status=\"running\"}")
        .contains("sim_event_streams_open{tier=\"strategic\"}")
        .contains("sim_event_streams_closed_total{reason=\"slow_reader\"}")
        .contains("sim_rate_limited_total{route_class=\"create\"}")
        .contains("sim_escalations_total{result=\"coordinator_unavailable\"}")
        .contains("sim_overrides_total{outcome=\"replay_detected\"}")
        .contains("sim_evaluations_total{decision=\"REJECT_STATE\"}")
        .contains("sim_tick_compute_seconds_bucket{le=\"0.001\"}")
        .contains(
            "http_resource_requests_seconds{method=\"create\",resource=\"SimulationsResource\"")
        .contains("jvm_memory_used_bytes{area=\"heap\"}")
        .contains("jvm_threads_state{state=\"RUNNABLE\"}")
        .contains("jvm_threads_current ")
        .doesNotContain("io_dropwizard");
  }

  @Test
  @Order(2)
  void computedTicksAreCountedAndTimed() {
    double ticks = sample("sim_ticks_computed_total");
    double steps = sample("sim_tick_compute_seconds_count");
    String scenario =
        """
        {"seed": 7, "agents": [{"id": "a1", "marker": {"x": 50, "y": 50},
          "policy": {"lambda": 0.1, "gamma": 0.5}, "attractorPreferences": {"core": 1}}],
         "initialState": {"grid": {"width": 100, "height": 100},
           "attractors": [{"name": "core", "x": 50, "y": 50, "strength": 5, "radius": 10}]}}
        """;
    String id =
        json(post(sim("/v1/simulations"), "{\"scenario\":" + scenario + "}", writer), 201)
            .get("id")
            .asText();
    json(post(sim("/v1/simulations/" + id + "/step"), "{\"ticks\":7}", writer), 200);

    assertThat(sample("sim_ticks_computed_total")).isEqualTo(ticks + 7);
    assertThat(sample("sim_tick_compute_seconds_count")).isEqualTo(steps + 1);
    Await.until(
        "the simulation counted by its gauge",
        Duration.ofSeconds(30),
        () ->
            sample("sim_simulations{status=\"created\"}") >= 1
                || sample("sim_simulations{status=\"paused\"}") >= 1);
  }

  @Test
  @Order(2)
  void aReplayedIdempotentRequestIsCounted() throws Exception {
    double replays = sample("sim_idempotent_replays_total");
    String body = "{\"scenarioId\": \"" + firstScenario() + "\"}";
    for (int k = 0; k < 2; k++) {
      HttpResponse<String> created =
          HTTP.send(
              HttpRequest.newBuilder(URI.create(sim("/v1/simulations")))
                  .header("X-Api-Key", writer)
                  .header("Content-Type", "application/json")
                  .header("Idempotency-Key", "metrics-replay-1")
                  .POST(HttpRequest.BodyPublishers.ofString(body))
                  .build(),
              HttpResponse.BodyHandlers.ofString());
      assertThat(created.statusCode()).isEqualTo(201);
    }
    assertThat(sample("sim_idempotent_replays_total")).isEqualTo(replays + 1);
  }

  private static String firstScenario() throws Exception {
    HttpResponse<String> scenarios =
        HTTP.send(
            HttpRequest.newBuilder(URI.create(sim("/v1/scenarios")))
                .header("X-Api-Key", writer)
                .build(),
            HttpResponse.BodyHandlers.ofString());
    return JSON.readTree(scenarios.body()).get("data").get(0).get("id").asText();
  }

  @Test
  @Order(3)
  void evaluationsOverridesAndCoordinatorCallsAreCounted() {
    double rejected = sample("sim_evaluations_total{decision=\"REJECT_STATE\"}");
    double passed = sample("sim_evaluations_total{decision=\"PASS\"}");
    double applied = sample("sim_overrides_total{outcome=\"applied\"}");
    double replayed = sample("sim_overrides_total{outcome=\"replay_detected\"}");
    double forged = sample("sim_overrides_total{outcome=\"invalid_signature\"}");
    String redeemCalls =
        "sim_coordinator_request_seconds_count{operation=\"redeem\",outcome=\"success\"}";
    double calls = sample(redeemCalls);

    ObjectNode request = request("actor-metrics", 0.2, -0.01, license);
    JsonNode rejection = evaluate(request);
    JsonNode token = OPERATOR.approve(OPERATOR.submit(request, rejection, license));
    assertThat(evaluate(withToken(request, token)).get("decision").asText()).isEqualTo("PASS");
    evaluate(withToken(request, token));
    ObjectNode forgedToken = token.deepCopy();
    forgedToken.put("signature", "AAAA" + token.get("signature").asText().substring(4));
    evaluate(withToken(request, forgedToken));

    assertThat(sample("sim_evaluations_total{decision=\"REJECT_STATE\"}")).isEqualTo(rejected + 3);
    assertThat(sample("sim_evaluations_total{decision=\"PASS\"}")).isEqualTo(passed + 1);
    assertThat(sample("sim_overrides_total{outcome=\"applied\"}")).isEqualTo(applied + 1);
    assertThat(sample("sim_overrides_total{outcome=\"replay_detected\"}")).isEqualTo(replayed + 1);
    assertThat(sample("sim_overrides_total{outcome=\"invalid_signature\"}")).isEqualTo(forged + 1);
    // the second use is refused by sim-server's own record of the tokens it applied, before any
    // call: one redemption reached the coordinator
    assertThat(sample(redeemCalls)).isEqualTo(calls + 1);
  }

  @Test
  @Order(4)
  void theHealthChecksAreUpWithTheCoordinatorUp() throws Exception {
    JsonNode health = JSON.readTree(get(sim("/v1/health")).body());
    assertThat(health.get("status").asText()).isEqualTo("UP");
    for (String check : new String[] {"coordinator", "policy", "disk-space", "database"}) {
      assertThat(health.get("checks").get(check).asText()).as(check).isEqualTo("UP");
    }
    JsonNode details = JSON.readTree(get(admin("/healthcheck")).body());
    assertThat(details.get("policy").get("message").asText()).contains("signature");
  }

  @Test
  @Order(5)
  void aStoppedCoordinatorDegradesTheServiceWithoutFailingIt() throws Exception {
    COORDINATOR.stop();
    Await.until(
        "the coordinator check to fail",
        Duration.ofSeconds(60),
        () ->
            JSON.readTree(get(sim("/v1/health")).body())
                .get("checks")
                .get("coordinator")
                .asText()
                .equals("DOWN"));
    HttpResponse<String> health = get(sim("/v1/health"));
    assertThat(health.statusCode()).isEqualTo(200);
    assertThat(JSON.readTree(health.body()).get("status").asText()).isEqualTo("DEGRADED");
  }

  private static JsonNode evaluate(JsonNode request) {
    return json(post(sim("/v1/evaluations"), request.toString(), writer), 200);
  }

  private static String prometheus() throws Exception {
    return get(admin("/prometheus")).body();
  }

  /** The value of one sample of /prometheus, by its name and labels as written there. */
  private static double sample(String series) {
    try {
      Matcher found =
          Pattern.compile("(?m)^" + Pattern.quote(series) + " (\\S+)$").matcher(prometheus());
      return found.find() ? Double.parseDouble(found.group(1)) : Double.NaN;
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  private static HttpResponse<String> get(String url) throws Exception {
    HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(url));
    if (url.startsWith(admin(""))) {
      // as Prometheus scrapes it (ops/monitoring/prometheus.yml)
      request.header("Authorization", "Bearer " + adminToken());
    }
    return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
  }

  private static String adminToken() throws Exception {
    return Files.readString(Path.of(SIM.getConfiguration().getAdmin().getTokenFile())).strip();
  }

  private static String sim(String path) {
    return "http://127.0.0.1:" + SIM.getLocalPort() + path;
  }

  private static String admin(String path) {
    return "http://127.0.0.1:" + SIM.getAdminPort() + path;
  }
}
