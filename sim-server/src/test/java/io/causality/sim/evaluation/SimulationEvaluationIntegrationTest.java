package io.causality.sim.evaluation;

import static io.causality.sim.evaluation.TwoServices.json;
import static io.causality.sim.evaluation.TwoServices.licenseOf;
import static io.causality.sim.evaluation.TwoServices.post;
import static io.causality.sim.evaluation.TwoServices.withToken;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.causality.common.testing.CoordinatorProcess;
import io.causality.sim.SimConfiguration;
import io.causality.sim.core.organization.OrganizationAdmin;
import io.causality.sim.db.OrganizationRow;
import io.causality.sim.testing.SimTestFixture;
import io.dropwizard.testing.junit5.DropwizardAppExtension;
import io.dropwizard.testing.junit5.DropwizardExtensionsSupport;
import java.net.http.HttpResponse;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The two services meet on simulated gamma: a simulation's current state is evaluated, its
 * rejection submitted by sim-server with a sentinel feed, approved, and overridden.
 */
@ExtendWith(DropwizardExtensionsSupport.class)
class SimulationEvaluationIntegrationTest {
  static final CoordinatorProcess COORDINATOR = CoordinatorProcess.deploy().start();
  static final TwoServices.Operator OPERATOR = TwoServices.Operator.of(COORDINATOR);
  static final DropwizardAppExtension<SimConfiguration> SIM =
      TwoServices.simServer(COORDINATOR, "5 seconds");

  static String writer;

  /** The id of the writer's API key: the requester the coordinator is told of. */
  static UUID writerKeyId;

  /** The license of the writer's organization, which its simulations' evaluations present. */
  static String license;

  static UUID organizationId;

  static String organizationSlug;

  @BeforeAll
  static void callers() {
    OrganizationAdmin admin = SimTestFixture.admin(SIM);
    OrganizationRow organization = SimTestFixture.organization(admin, "community");
    OrganizationAdmin.CreatedApiKey key =
        admin.createApiKey(organization.slug(), "simulation:read,simulation:write,org:read");
    writer = key.key();
    writerKeyId = key.id();
    organizationId = organization.id();
    organizationSlug = organization.slug();
    license = licenseOf(sim(""), organizationId, writer);
  }

  @AfterAll
  static void stopCoordinator() {
    COORDINATOR.stop();
  }

  /** Two agents held by one attractor: gamma stays at their mean, (g1 + g2) / 2. */
  static String simulation(double gamma1, double gamma2, int ticks) {
    String scenario =
        """
        {"seed": 7,
         "agents": [
           {"id": "a1", "marker": {"x": 50, "y": 50}, "policy": {"lambda": 0.1, "gamma": %s},
            "attractorPreferences": {"core": 1}},
           {"id": "a2", "marker": {"x": 52, "y": 48}, "policy": {"lambda": 0.2, "gamma": %s},
            "attractorPreferences": {"core": 1}}],
         "initialState": {"grid": {"width": 100, "height": 100},
           "attractors": [{"name": "core", "x": 50, "y": 50, "strength": 5, "radius": 10}]}}
        """
            .formatted(gamma1, gamma2);
    String id =
        json(post(sim("/v1/simulations"), "{\"scenario\":" + scenario + "}", writer), 201)
            .get("id")
            .asText();
    json(post(sim("/v1/simulations/" + id + "/step"), "{\"ticks\":" + ticks + "}", writer), 200);
    return id;
  }

  static String sim(String path) {
    return "http://127.0.0.1:" + SIM.getLocalPort() + path;
  }

  static JsonNode evaluateSimulation(String id, String body) {
    return json(post(sim("/v1/simulations/" + id + "/evaluations"), body, writer), 200);
  }

  @Test
  void aHealthySimulationPasses() {
    JsonNode answer = evaluateSimulation(simulation(0.5, 0.4, 3), "{}");
    JsonNode metrics = answer.get("evaluationRequest").get("snapshot").get("metrics");
    assertThat(metrics.get("gamma").asDouble()).isCloseTo(0.45, within(1e-9));
    assertThat(metrics.get("gammaTrend").asDouble()).isCloseTo(0, within(1e-12));
    assertThat(answer.get("evaluationResponse").get("decision").asText()).isEqualTo("PASS");
    assertThat(answer.has("coordinatorRequestId")).isFalse();
  }

  @Test
  void aSimulationBelowTheFloorIsSubmittedApprovedAndOverridden() {
    String id = simulation(0.2, 0.3, 5);
    JsonNode answer = evaluateSimulation(id, "{\"submit\":true,\"actorId\":\"ops-bot\"}");
    JsonNode request = answer.get("evaluationRequest");
    assertThat(request.get("licenseId").asText()).isEqualTo(license);
    assertThat(request.get("snapshot").get("metrics").get("gamma").asDouble())
        .isCloseTo(0.25, within(1e-9));
    assertThat(request.get("snapshot").get("metrics").get("tick").asLong()).isEqualTo(4);
    assertThat(request.get("simulationId").asText()).isEqualTo(id);
    JsonNode response = answer.get("evaluationResponse");
    assertThat(response.get("decision").asText()).isEqualTo("REJECT_STATE");
    assertThat(response.get("escalation").get("gammaHeadroom").asDouble())
        .isCloseTo(-0.1, within(1e-9));
    String coordinatorRequestId = answer.get("coordinatorRequestId").asText();
    assertThat(answer.get("submission").get("status").asText()).isEqualTo("SUBMITTED");

    JsonNode stored = OPERATOR.record(coordinatorRequestId);
    assertThat(stored.get("status").asText()).isEqualTo("PENDING");
    // who asked, as sim-server authenticated them: not something the evaluation body says
    assertThat(stored.get("requester").get("organizationId").asText())
        .isEqualTo(organizationId.toString());
    assertThat(stored.get("requester").get("kind").asText()).isEqualTo("API_KEY");
    assertThat(stored.get("requester").get("id").asText()).isEqualTo(writerKeyId.toString());
    assertThat(stored.get("submittedBy").asText()).isEqualTo("evaluation-runtime");
    assertThat(stored.get("source").asText()).isEqualTo("sim-server");
    assertThat(stored.get("actorId").asText()).isEqualTo("ops-bot");
    assertThat(stored.get("licenseId").asText()).isEqualTo(license);
    JsonNode feed = stored.get("sentinelFeed");
    assertThat(feed.get("historicalWindow")).hasSize(5);
    assertThat(feed.get("gammaFloor").asDouble()).isEqualTo(0.35);
    assertThat(feed.get("gammaAtEscalation").asDouble()).isCloseTo(0.25, within(1e-9));
    assertThat(feed.get("escalationContext").get("simulationId").asText()).isEqualTo(id);
    // Just under 0.1 below the floor and not falling: HIGH rather than CRITICAL.
    assertThat(stored.get("sentinelSummary").get("riskLevel").asText()).isEqualTo("HIGH");
    assertThat(stored.get("sentinelSummary").get("highlights")).hasSize(3);

    JsonNode token = OPERATOR.approve(coordinatorRequestId);
    JsonNode applied =
        json(
            post(sim("/v1/evaluations"), withToken((ObjectNode) request, token).toString(), writer),
            200);
    assertThat(applied.get("decision").asText()).isEqualTo("PASS");
    assertThat(applied.get("overrideOutcome").get("status").asText()).isEqualTo("Applied");
  }

  @Test
  void aPassingSimulationIsNotSubmitted() {
    JsonNode answer = evaluateSimulation(simulation(0.6, 0.6, 1), "{\"submit\":true}");
    assertThat(answer.get("evaluationResponse").get("decision").asText()).isEqualTo("PASS");
    assertThat(answer.has("submission")).isFalse();
  }

  @Test
  void anUnknownSimulationIs404() {
    assertThat(
            post(sim("/v1/simulations/" + UUID.randomUUID() + "/evaluations"), "{}", writer)
                .statusCode())
        .isEqualTo(404);
  }

  @Test
  void anUnknownBodyFieldIs400() {
    String id = simulation(0.5, 0.5, 1);
    assertThat(
            post(sim("/v1/simulations/" + id + "/evaluations"), "{\"sumbit\":true}", writer)
                .statusCode())
        .isEqualTo(400);
  }

  @Test
  void aBodyThatNamesAnotherLicenseIs400AndTheOwnLicenseIsAccepted() {
    String id = simulation(0.5, 0.5, 1);

    HttpResponse<String> refused =
        post(sim("/v1/simulations/" + id + "/evaluations"), "{\"licenseId\":\"lic-sim\"}", writer);

    JsonNode issue = json(refused, 400).get("error").get("details").get("issues").get(0);
    assertThat(issue.get("path").asText()).isEqualTo("licenseId");
    assertThat(issue.get("message").asText())
        .isEqualTo("is not the license of your organization (" + license + ")");
    JsonNode own = evaluateSimulation(id, "{\"licenseId\":\"" + license + "\"}");
    assertThat(own.get("evaluationRequest").get("licenseId").asText()).isEqualTo(license);
  }

  @Test
  void anOrganizationWithoutALicenseCannotEvaluate() {
    OrganizationAdmin admin = SimTestFixture.admin(SIM);
    OrganizationRow unlicensed = SimTestFixture.organization(admin, "community");
    String key = admin.createApiKey(unlicensed.slug(), "simulation:read,simulation:write").key();
    SimTestFixture.jdbi(SIM)
        .useHandle(
            handle ->
                handle.execute("DELETE FROM licenses WHERE organization_id = ?", unlicensed.id()));
    String body =
        TwoServices.request("actor-unlicensed", 0.2, 0, "x").without("licenseId").toString();

    JsonNode refused = json(post(sim("/v1/evaluations"), body, key), 403);

    assertThat(refused.get("error").get("code").asText()).isEqualTo("FORBIDDEN");
    assertThat(refused.get("error").get("message").asText())
        .isEqualTo(
            "Organization "
                + unlicensed.id()
                + " has no license: an evaluation presents its organization's license");
  }

  @Test
  void aSimulationsEvaluationsAreListedNewestFirstWithTheOverrideRequestTheyBecame()
      throws Exception {
    String id = simulation(0.2, 0.3, 5);
    evaluateSimulation(id, "{}");
    JsonNode submitted = evaluateSimulation(id, "{\"submit\":true}");
    SimTestFixture.Client client = new SimTestFixture.Client(SIM);
    String reader =
        SimTestFixture.admin(SIM).createApiKey(organizationSlug, "simulation:read").key();

    HttpResponse<String> answer =
        client.getWithKey("/v1/simulations/" + id + "/evaluations", reader);

    assertThat(answer.statusCode()).isEqualTo(200);
    JsonNode page = json(answer, 200);
    assertThat(page.get("pagination").get("total").asLong()).isEqualTo(2);
    JsonNode newest = page.get("data").get(0);
    assertThat(newest.get("decision").asText()).isEqualTo("REJECT_STATE");
    assertThat(newest.get("reasonCode").asText()).isEqualTo("GAMMA_BELOW_FLOOR");
    assertThat(newest.get("tick").asLong()).isEqualTo(4);
    assertThat(newest.get("actorId").asText()).isEqualTo("simulation:" + id);
    assertThat(newest.get("requestedBy").asText()).startsWith("key:");
    assertThat(newest.get("submission").get("status").asText()).isEqualTo("SUBMITTED");
    assertThat(newest.get("submission").get("coordinatorRequestId").asText())
        .isEqualTo(submitted.get("coordinatorRequestId").asText());
    JsonNode older = page.get("data").get(1);
    assertThat(older.get("decision").asText()).isEqualTo("REJECT_STATE");
    assertThat(older.get("submission").isNull()).isTrue();
    // another organization sees none of it; a deleted simulation takes its evaluations along
    String stranger =
        SimTestFixture.admin(SIM)
            .createApiKey(
                SimTestFixture.organization(SimTestFixture.admin(SIM), "community").slug(),
                "simulation:read")
            .key();
    assertThat(client.getWithKey("/v1/simulations/" + id + "/evaluations", stranger).statusCode())
        .isIn(401, 404);
    assertThat(
            client
                .send(client.request("/v1/simulations/" + id).header("X-Api-Key", writer).DELETE())
                .statusCode())
        .isEqualTo(204);
    assertThat(client.getWithKey("/v1/simulations/" + id + "/evaluations", reader).statusCode())
        .isEqualTo(404);
  }
}
