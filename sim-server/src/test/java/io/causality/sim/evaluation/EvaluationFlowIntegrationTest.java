package io.causality.sim.evaluation;

import static io.causality.sim.evaluation.TwoServices.json;
import static io.causality.sim.evaluation.TwoServices.licenseOf;
import static io.causality.sim.evaluation.TwoServices.post;
import static io.causality.sim.evaluation.TwoServices.postAsUser;
import static io.causality.sim.evaluation.TwoServices.request;
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
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The whole override flow with both services running: the gate rejects, the coordinator gets the
 * rejection, an operator approves, the token turns the rejection into a pass exactly once.
 */
@ExtendWith(DropwizardExtensionsSupport.class)
class EvaluationFlowIntegrationTest {
  static final CoordinatorProcess COORDINATOR = CoordinatorProcess.deploy().start();
  static final TwoServices.Operator OPERATOR = TwoServices.Operator.of(COORDINATOR);
  static final DropwizardAppExtension<SimConfiguration> SIM =
      TwoServices.simServer(COORDINATOR, "5 seconds");

  private static final String WRITE_SCOPES = "simulation:read,simulation:write,org:read";

  static String writer;
  static String reader;

  /** The license of the writer's organization: the one its evaluations present. */
  static String license;

  /** A writer of another organization, and that organization's license. */
  static String otherWriter;

  static String otherLicense;

  static String slug;
  static String otherSlug;

  @BeforeAll
  static void callers() {
    OrganizationAdmin admin = SimTestFixture.admin(SIM);
    OrganizationRow organization = SimTestFixture.organization(admin, "community");
    writer = admin.createApiKey(organization.slug(), WRITE_SCOPES).key();
    reader = admin.createApiKey(organization.slug(), "simulation:read").key();
    license = licenseOf(simUrl(), organization.id(), writer);
    slug = organization.slug();
    OrganizationRow other = SimTestFixture.organization(admin, "community");
    otherWriter = admin.createApiKey(other.slug(), WRITE_SCOPES).key();
    otherLicense = licenseOf(simUrl(), other.id(), otherWriter);
    otherSlug = other.slug();
  }

  @AfterAll
  static void stopCoordinator() {
    COORDINATOR.stop();
  }

  JsonNode evaluate(JsonNode request) {
    return json(post(evaluationsUrl(), request.toString(), writer), 200);
  }

  static String evaluationsUrl() {
    return simUrl() + "/v1/evaluations";
  }

  static String simUrl() {
    return "http://127.0.0.1:" + SIM.getLocalPort();
  }

  /** The request, rejected, submitted and approved: the token the operator signed. */
  JsonNode approvedToken(ObjectNode request) {
    JsonNode rejected = evaluate(request);
    String id = OPERATOR.submit(request, rejected, license);
    return OPERATOR.approve(id);
  }

  @Test
  void gammaAtOrAboveTheFloorPasses() {
    JsonNode response = evaluate(request("actor-pass", 0.5, -0.03, license));
    assertThat(response.get("decision").asText()).isEqualTo("PASS");
    assertThat(response.get("reasonCode").asText()).isEqualTo("NONE");
    assertThat(response.get("mode").asText()).isEqualTo("state_gate");
    assertThat(response.get("policyVersion").asLong()).isEqualTo(1);
    assertThat(response.get("adapterVersion").asInt()).isEqualTo(1);
    assertThat(response.get("escalation").get("escalationType").asText()).isEqualTo("NONE");
    assertThat(response.get("escalation").get("gammaHeadroom").asDouble())
        .isCloseTo(0.15, org.assertj.core.api.Assertions.within(1e-9));
    assertThat(response.get("escalation").get("stepsToBreach").asLong()).isEqualTo(6);
    assertThat(response.has("overrideOutcome")).isFalse();
  }

  @Test
  void fullFlowRejectSubmitApproveApplyThenReplay() {
    ObjectNode request = request("actor-flow", 0.3, -0.01, license);
    JsonNode rejected = evaluate(request);
    assertThat(rejected.get("decision").asText()).isEqualTo("REJECT_STATE");
    assertThat(rejected.get("reasonCode").asText()).isEqualTo("GAMMA_BELOW_FLOOR");
    assertThat(rejected.get("requestId").asText()).isEqualTo(request.get("requestId").asText());
    assertThat(rejected.get("envelopeVersion").asInt()).isEqualTo(1);
    JsonNode escalation = rejected.get("escalation");
    assertThat(escalation.get("escalationType").asText()).isEqualTo("HUMAN_ESCALATION");
    assertThat(escalation.get("gammaHeadroom").asDouble()).isNegative();
    assertThat(escalation.get("stepsToBreach").asLong()).isZero();

    String id = OPERATOR.submit(request, rejected, license);
    assertThat(OPERATOR.status(id)).isEqualTo("PENDING");
    JsonNode token = OPERATOR.approve(id);

    JsonNode applied = evaluate(withToken(request, token));
    assertThat(applied.get("decision").asText()).isEqualTo("PASS");
    assertThat(applied.get("reasonCode").asText()).isEqualTo("NONE");
    assertThat(applied.get("overrideOutcome").get("status").asText()).isEqualTo("Applied");
    assertThat(applied.get("overrideOutcome").get("tokenId").asText())
        .isEqualTo(token.get("tokenId").asText());
    assertThat(OPERATOR.status(id)).isEqualTo("REDEEMED");

    JsonNode replay = evaluate(withToken(request, token));
    assertThat(replay.get("decision").asText()).isEqualTo("REJECT_STATE");
    assertThat(replay.get("reasonCode").asText()).isEqualTo("GAMMA_BELOW_FLOOR");
    assertThat(replay.get("overrideOutcome").get("status").asText()).isEqualTo("Rejected");
    assertThat(replay.get("overrideOutcome").get("failureReason").asText())
        .isEqualTo("ReplayDetected");
  }

  @Test
  void aTamperedTokenIsInvalidSignatureAndNeverReachesTheCoordinator() {
    ObjectNode request = request("actor-tamper", 0.2, 0, license);
    JsonNode rejected = evaluate(request);
    String id = OPERATOR.submit(request, rejected, license);
    ObjectNode token = OPERATOR.approve(id).deepCopy();
    ObjectNode forged = token.deepCopy();
    forged.put("signature", flipFirstByte(token.get("signature").asText()));

    JsonNode response = evaluate(withToken(request, forged));
    assertThat(response.get("decision").asText()).isEqualTo("REJECT_STATE");
    assertThat(response.get("overrideOutcome").get("status").asText()).isEqualTo("Rejected");
    assertThat(response.get("overrideOutcome").get("failureReason").asText())
        .isEqualTo("InvalidSignature");
    // Not redeemed: the request is still APPROVED, and the genuine token still applies.
    assertThat(OPERATOR.status(id)).isEqualTo("APPROVED");
    assertThat(evaluate(withToken(request, token)).get("overrideOutcome").get("status").asText())
        .isEqualTo("Applied");
  }

  @Test
  void aTokenForAnotherRequestIsBindingMismatchWithoutRedeemingIt() {
    ObjectNode request = request("actor-binding", 0.2, 0, license);
    JsonNode token = approvedToken(request);
    ObjectNode other = request("actor-binding", 0.21, 0, license);

    JsonNode response = evaluate(withToken(other, token));
    assertThat(response.get("decision").asText()).isEqualTo("REJECT_STATE");
    assertThat(response.get("overrideOutcome").get("failureReason").asText())
        .isEqualTo("BindingMismatch");
    assertThat(evaluate(withToken(request, token)).get("decision").asText()).isEqualTo("PASS");
  }

  @Test
  void aRequestThatNamesAnotherLicenseIsRefused() {
    ObjectNode request = request("actor-license", 0.2, 0, license);
    JsonNode token = approvedToken(request);

    for (String named : List.of(otherLicense, "lic-other")) {
      ObjectNode misnamed = withToken(request, token).put("licenseId", named);
      JsonNode body = json(post(evaluationsUrl(), misnamed.toString(), writer), 400);

      assertThat(body.get("error").get("code").asText()).isEqualTo("VALIDATION_ERROR");
      JsonNode issue = body.get("error").get("details").get("issues").get(0);
      assertThat(issue.get("path").asText()).isEqualTo("licenseId");
      assertThat(issue.get("message").asText())
          .isEqualTo("is not the license of your organization (" + license + ")");
    }
    assertThat(evaluate(withToken(request, token)).get("decision").asText()).isEqualTo("PASS");
  }

  @Test
  void aTokenBoundToAnotherOrganizationsLicenseIsBindingMismatch() {
    ObjectNode request = request("actor-two-orgs", 0.2, 0, license);
    request.remove("licenseId");
    JsonNode rejected = evaluate(request);
    String id = OPERATOR.submit(request, rejected, license);
    JsonNode token = OPERATOR.approve(id);

    JsonNode other =
        json(post(evaluationsUrl(), withToken(request, token).toString(), otherWriter), 200);

    assertThat(other.get("decision").asText()).isEqualTo("REJECT_STATE");
    assertThat(other.get("overrideOutcome").get("failureReason").asText())
        .isEqualTo("BindingMismatch");
    assertThat(OPERATOR.status(id)).isEqualTo("APPROVED");
    JsonNode own = evaluate(withToken(request, token));
    assertThat(own.get("overrideOutcome").get("status").asText()).isEqualTo("Applied");
  }

  @Test
  void aUserOfTwoOrganizationsNamesTheLicenseOfTheOneItEvaluatesFor() {
    OrganizationAdmin admin = SimTestFixture.admin(SIM);
    admin.addMember(slug, "user-two-orgs", "member");
    admin.addMember(otherSlug, "user-two-orgs", "member");
    String jwt = SimTestFixture.jwt("user-two-orgs", Instant.now().plusSeconds(600));
    ObjectNode unnamed = request("actor-user", 0.5, 0, license);
    unnamed.remove("licenseId");

    JsonNode required = json(postAsUser(evaluationsUrl(), unnamed.toString(), jwt), 400);
    JsonNode named =
        json(
            postAsUser(
                evaluationsUrl(), request("actor-user", 0.5, 0, otherLicense).toString(), jwt),
            200);
    JsonNode foreign =
        json(
            postAsUser(evaluationsUrl(), request("actor-user", 0.5, 0, "lic-x").toString(), jwt),
            400);

    assertThat(firstIssue(required).get("path").asText()).isEqualTo("licenseId");
    assertThat(firstIssue(required).get("message").asText())
        .startsWith("is required: you belong to 2 organizations");
    assertThat(named.get("decision").asText()).isEqualTo("PASS");
    assertThat(firstIssue(foreign).get("message").asText())
        .isEqualTo("is not the license of any of your organizations");
  }

  private static JsonNode firstIssue(JsonNode error) {
    return error.get("error").get("details").get("issues").get(0);
  }

  @Test
  void aTokenThatIsNoEnvelopeIsInvalidSignature() {
    ObjectNode request = request("actor-garbage", 0.2, 0, license);
    request.put("overrideToken", "not-a-token");
    JsonNode response = evaluate(request);
    assertThat(response.get("decision").asText()).isEqualTo("REJECT_STATE");
    assertThat(response.get("overrideOutcome").get("failureReason").asText())
        .isEqualTo("InvalidSignature");
  }

  @Test
  void badFieldsAreOneIssueEach() {
    JsonNode body =
        json(
            post(
                evaluationsUrl(),
                "{\"envelopeVersion\":1,\"snapshot\":{\"timestamp\":\"t\",\"metrics\":{}}}",
                writer),
            400);
    assertThat(body.get("error").get("code").asText()).isEqualTo("VALIDATION_ERROR");
    assertThat(body.get("error").get("details").get("issues").findValuesAsText("path"))
        .containsExactlyInAnyOrder("requestId", "actorId", "snapshot.metrics.gamma");
  }

  @Test
  void needsTheWriteScope() {
    String body = request("actor-scope", 0.5, 0, license).toString();
    assertThat(post(evaluationsUrl(), body, reader).statusCode()).isEqualTo(403);
    assertThat(post(evaluationsUrl(), body, null).statusCode()).isEqualTo(401);
  }

  private static String flipFirstByte(String base64url) {
    byte[] raw = Base64.getUrlDecoder().decode(base64url);
    raw[0] ^= 0x01;
    return Base64.getUrlEncoder().withoutPadding().encodeToString(raw);
  }
}
