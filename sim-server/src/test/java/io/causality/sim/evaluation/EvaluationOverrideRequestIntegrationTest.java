package io.causality.sim.evaluation;

import static io.causality.sim.evaluation.TwoServices.json;
import static io.causality.sim.evaluation.TwoServices.post;
import static io.causality.sim.evaluation.TwoServices.withToken;
import static org.assertj.core.api.Assertions.assertThat;

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
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * What became of the override request an evaluation escalated, read by sim-server from the real
 * coordinator (its built jar, dev-init's deployment) with its own caller: pending, approved by
 * operator-1 with a note, redeemed and applied here; denied; joined by a duplicate evaluation; and
 * each refusal: no credentials, no scope, an unknown simulation, evaluation or request, an
 * evaluation that escalated nothing, another organization's simulation, and a request of another
 * organization behind the id.
 */
@ExtendWith(DropwizardExtensionsSupport.class)
class EvaluationOverrideRequestIntegrationTest {
  static final CoordinatorProcess COORDINATOR = CoordinatorProcess.deploy().start();
  static final TwoServices.Operator OPERATOR = TwoServices.Operator.of(COORDINATOR);
  static final DropwizardAppExtension<SimConfiguration> SIM =
      TwoServices.simServer(COORDINATOR, "5 seconds");

  static String writer;
  static String reader;
  static OrganizationRow organization;
  static SimTestFixture.Client client;

  @BeforeAll
  static void callers() {
    OrganizationAdmin admin = SimTestFixture.admin(SIM);
    organization = SimTestFixture.organization(admin, "community");
    writer =
        admin.createApiKey(organization.slug(), "simulation:read,simulation:write,org:read").key();
    reader = admin.createApiKey(organization.slug(), "simulation:read").key();
    client = new SimTestFixture.Client(SIM);
  }

  @AfterAll
  static void stopCoordinator() {
    COORDINATOR.stop();
  }

  @Test
  void aRequestIsFollowedFromPendingToApprovedToRedeemedAndApplied() {
    String id = simulationBelowTheFloor();
    JsonNode evaluation = evaluate(id, "{\"submit\":true}");
    String requestId = evaluation.get("coordinatorRequestId").asText();
    String evaluationId = newestEvaluation(id).get("id").asText();

    JsonNode pending = overrideRequest(id, evaluationId, reader);
    assertThat(pending.get("coordinatorRequestId").asText()).isEqualTo(requestId);
    assertThat(pending.get("status").asText()).isEqualTo("PENDING");
    assertThat(pending.get("requiredApprovals").asInt()).isEqualTo(1);
    assertThat(pending.get("approvals").asInt()).isZero();
    assertThat(pending.get("decisions")).isEmpty();
    assertThat(Instant.parse(pending.get("requestExpiresAt").asText()))
        .isAfter(Instant.parse(pending.get("submittedAt").asText()));
    assertThat(pending.get("tokenId").isNull()).isTrue();
    assertThat(pending.get("redemption").isNull()).isTrue();
    assertThat(pending.get("applied").isNull()).isTrue();

    JsonNode token = OPERATOR.approve(requestId, "trend checked");
    JsonNode approved = overrideRequest(id, evaluationId, reader);
    assertThat(approved.get("status").asText()).isEqualTo("APPROVED");
    assertThat(approved.get("approvals").asInt()).isEqualTo(1);
    JsonNode decision = approved.get("decisions").get(0);
    assertThat(decision.get("operator").asText()).isEqualTo("operator-1");
    assertThat(decision.get("decision").asText()).isEqualTo("APPROVED");
    assertThat(decision.get("note").asText()).isEqualTo("trend checked");
    assertThat(Instant.parse(decision.get("at").asText()))
        .isAfterOrEqualTo(Instant.parse(approved.get("submittedAt").asText()));
    assertThat(approved.get("tokenId").asText()).isEqualTo(token.get("tokenId").asText());
    assertThat(approved.get("redemption").isNull()).isTrue();

    JsonNode request = evaluation.get("evaluationRequest");
    JsonNode overridden =
        json(
            post(sim("/v1/evaluations"), withToken((ObjectNode) request, token).toString(), writer),
            200);
    assertThat(overridden.get("overrideOutcome").get("status").asText()).isEqualTo("Applied");
    JsonNode redeemed = overrideRequest(id, evaluationId, reader);
    assertThat(redeemed.get("status").asText()).isEqualTo("REDEEMED");
    assertThat(redeemed.get("redemption").get("by").asText()).isEqualTo("evaluation-runtime");
    JsonNode applied = redeemed.get("applied");
    assertThat(applied.get("tokenId").asText()).isEqualTo(token.get("tokenId").asText());
    assertThat(applied.get("evaluationRequestId").asText())
        .isEqualTo(request.get("requestId").asText());
    assertThat(Instant.parse(applied.get("appliedAt").asText()))
        .isCloseTo(
            Instant.parse(redeemed.get("redemption").get("at").asText()),
            org.assertj.core.api.Assertions.within(5, ChronoUnit.SECONDS));
  }

  @Test
  void aDenialNamesTheOperatorAndItsNote() {
    String id = simulationBelowTheFloor();
    String requestId = evaluate(id, "{\"submit\":true}").get("coordinatorRequestId").asText();
    OPERATOR.deny(requestId, "trend too steep");

    JsonNode denied = overrideRequest(id, newestEvaluation(id).get("id").asText(), reader);

    assertThat(denied.get("status").asText()).isEqualTo("DENIED");
    assertThat(denied.get("decisions")).hasSize(1);
    JsonNode decision = denied.get("decisions").get(0);
    assertThat(decision.get("operator").asText()).isEqualTo("operator-1");
    assertThat(decision.get("decision").asText()).isEqualTo("DENIED");
    assertThat(decision.get("note").asText()).isEqualTo("trend too steep");
    assertThat(denied.get("tokenId").isNull()).isTrue();
  }

  @Test
  void aDuplicateEvaluationReadsThePendingRequestItJoined() {
    String id = simulationBelowTheFloor();
    String first = evaluate(id, "{\"submit\":true}").get("coordinatorRequestId").asText();
    JsonNode again = evaluate(id, "{\"submit\":true}");
    assertThat(again.get("submission").get("status").asText()).isEqualTo("DEDUPLICATED");

    JsonNode joined = overrideRequest(id, newestEvaluation(id).get("id").asText(), reader);

    assertThat(joined.get("coordinatorRequestId").asText()).isEqualTo(first);
    assertThat(joined.get("status").asText()).isEqualTo("PENDING");
  }

  @Test
  void withoutCredentialsOrScopeTheAnswerIs401Or403() {
    String id = simulationBelowTheFloor();
    evaluate(id, "{\"submit\":true}");
    String path = path(id, newestEvaluation(id).get("id").asText());
    String orgOnly = SimTestFixture.admin(SIM).createApiKey(organization.slug(), "org:read").key();

    HttpResponse<String> anonymous = client.send(client.request(path));
    HttpResponse<String> unscoped = client.getWithKey(path, orgOnly);

    assertThat(anonymous.statusCode()).isEqualTo(401);
    assertThat(json(unscoped, 403).get("error").get("code").asText()).isEqualTo("FORBIDDEN");
  }

  @Test
  void anUnknownSimulationEvaluationOrRequestIs404AndSoIsAnotherOrganizations() {
    String id = simulationBelowTheFloor();
    evaluate(id, "{}");
    String notEscalated = newestEvaluation(id).get("id").asText();
    evaluate(id, "{\"submit\":true}");
    String escalated = newestEvaluation(id).get("id").asText();
    UUID unknown = UUID.randomUUID();
    OrganizationAdmin admin = SimTestFixture.admin(SIM);
    String stranger =
        admin
            .createApiKey(SimTestFixture.organization(admin, "community").slug(), "simulation:read")
            .key();

    assertThat(notFound(path(unknown.toString(), escalated), reader))
        .isEqualTo("No simulation " + unknown);
    assertThat(notFound(path(id, escalated), stranger)).isEqualTo("No simulation " + id);
    assertThat(notFound(path(id, unknown.toString()), reader))
        .isEqualTo("Simulation " + id + " has no evaluation " + unknown);
    assertThat(notFound(path(id, notEscalated), reader))
        .isEqualTo(
            "Evaluation " + notEscalated + " escalated no override request: it was not submitted");
    String purged = UUID.randomUUID().toString();
    assertThat(notFound(path(id, recordEvaluation(id, purged)), reader))
        .startsWith("The coordinator shows no override request " + purged + " to this service");
  }

  @Test
  void aRequestOfAnotherOrganizationBehindTheIdIsNotShown() {
    String id = simulationBelowTheFloor();
    ObjectNode request = TwoServices.request("simulation:" + id, 0.2, 0, "unused");
    request.remove("licenseId");
    JsonNode rejected = json(post(sim("/v1/evaluations"), request.toString(), writer), 200);
    // submitted by the runtime's caller, as sim-server does, for another organization
    ObjectNode body = request.objectNode();
    body.set("evaluationRequest", request);
    body.set("evaluationResponse", rejected);
    body.put("licenseId", "lic-elsewhere");
    body.putObject("requester")
        .put("organizationId", UUID.randomUUID().toString())
        .put("kind", "API_KEY")
        .put("id", UUID.randomUUID().toString());
    String foreign =
        json(
                TwoServices.postAsCaller(
                    COORDINATOR.baseUrl() + "/v1/override-requests",
                    body.toString(),
                    COORDINATOR.token("runtime")),
                201)
            .get("coordinatorRequestId")
            .asText();

    assertThat(notFound(path(id, recordEvaluation(id, foreign)), reader))
        .isEqualTo(
            "The coordinator holds no override request "
                + foreign
                + " of this simulation's organization");
  }

  private static String notFound(String path, String key) {
    JsonNode error = json(client.getWithKey(path, key), 404).get("error");
    assertThat(error.get("code").asText()).isEqualTo("NOT_FOUND");
    return error.get("message").asText();
  }

  private static String recordEvaluation(String simulationId, String coordinatorRequestId) {
    return TwoServices.recordEvaluation(
        SimTestFixture.jdbi(SIM), simulationId, coordinatorRequestId);
  }

  private static JsonNode overrideRequest(String id, String evaluationId, String key) {
    return json(client.getWithKey(path(id, evaluationId), key), 200);
  }

  private static String path(String id, String evaluationId) {
    return "/v1/simulations/" + id + "/evaluations/" + evaluationId + "/override-request";
  }

  private static JsonNode newestEvaluation(String id) {
    return json(client.getWithKey("/v1/simulations/" + id + "/evaluations?limit=1", reader), 200)
        .get("data")
        .get(0);
  }

  private static JsonNode evaluate(String id, String body) {
    return json(post(sim("/v1/simulations/" + id + "/evaluations"), body, writer), 200);
  }

  /** Two agents held at gamma 0.2 and 0.3: their mean, 0.25, is under dev-init's floor 0.35. */
  private static String simulationBelowTheFloor() {
    return TwoServices.simulation(sim(""), writer, 0.2, 0.3, 5);
  }

  private static String sim(String path) {
    return "http://127.0.0.1:" + SIM.getLocalPort() + path;
  }
}
