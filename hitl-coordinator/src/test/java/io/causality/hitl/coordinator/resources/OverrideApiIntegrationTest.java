package io.causality.hitl.coordinator.resources;

import static io.causality.hitl.coordinator.OverrideBodies.approve;
import static io.causality.hitl.coordinator.OverrideBodies.deny;
import static io.causality.hitl.coordinator.OverrideBodies.redeem;
import static io.causality.hitl.coordinator.OverrideBodies.submission;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.causality.common.testing.TestClock;
import io.causality.hitl.coordinator.ClockedCoordinator;
import io.causality.hitl.coordinator.CoordinatorConfiguration;
import io.causality.hitl.coordinator.CoordinatorHttp;
import io.causality.hitl.coordinator.CoordinatorHttp.Answer;
import io.causality.hitl.coordinator.TestDeployment;
import io.dropwizard.testing.ResourceHelpers;
import io.dropwizard.testing.junit5.DropwizardAppExtension;
import io.dropwizard.testing.junit5.DropwizardExtensionsSupport;
import java.time.Duration;
import java.time.Instant;
import java.util.UUID;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every endpoint over HTTP without callers (open on loopback), adaptive gating off: success and
 * each error status, each submission rule, each transition and each redemption outcome.
 */
@ExtendWith(DropwizardExtensionsSupport.class)
class OverrideApiIntegrationTest {
  private static final TestClock CLOCK = new TestClock();
  static final TestDeployment DEPLOYMENT = TestDeployment.plain();
  static final DropwizardAppExtension<CoordinatorConfiguration> APP =
      new DropwizardAppExtension<>(
          ClockedCoordinator.support(
              CLOCK,
              ResourceHelpers.resourceFilePath("configs/callers.yml"),
              DEPLOYMENT.overrides()));

  private static final String REQUESTS = "/v1/override-requests";
  private static final String REDEEM = "/v1/override-tokens/redeem";

  private CoordinatorHttp http;

  @BeforeEach
  void client() {
    http = CoordinatorHttp.callers(APP.getLocalPort());
  }

  private String submit(String actorId) {
    Answer answer = http.post(REQUESTS, submission(actorId));
    assertThat(answer.status()).as(answer.text()).isEqualTo(201);
    return answer.body().get("coordinatorRequestId").asText();
  }

  private JsonNode record(String id) {
    Answer answer = http.get(REQUESTS + "/" + id);
    assertThat(answer.status()).as(answer.text()).isEqualTo(200);
    return answer.body();
  }

  private JsonNode approved(String id) {
    Answer answer = http.post(REQUESTS + "/" + id + "/approve", approve(TestDeployment.KEY_ID));
    assertThat(answer.status()).as(answer.text()).isEqualTo(200);
    return answer.body();
  }

  @Test
  void submitAnswers201WithTheNewIdAndItsLocation() {
    // Newer clients may send members this version does not know: they are ignored.
    Answer answer = http.post(REQUESTS, submission("actor-created").put("priority", "high"));

    assertThat(answer.status()).isEqualTo(201);
    String id = answer.body().get("coordinatorRequestId").asText();
    assertThat(UUID.fromString(id).version()).isEqualTo(4);
    assertThat(answer.headers().firstValue("Location"))
        .hasValueSatisfying(location -> assertThat(location).endsWith(REQUESTS + "/" + id));
    JsonNode record = record(id);
    assertThat(record.get("status").asText()).isEqualTo("PENDING");
    assertThat(record.get("licenseId").asText()).isEqualTo("lic-1");
    assertThat(record.get("actorId").asText()).isEqualTo("actor-created");
    assertThat(record.get("requestHash").asText()).matches("[0-9a-f]{64}");
    assertThat(record.get("audit").get(0).get("eventType").asText()).isEqualTo("SUBMITTED");
    assertThat(record.get("audit").get(0).get("actorId").asText()).isEqualTo("runtime");
  }

  static Stream<Arguments> brokenSubmissions() {
    return Stream.of(
        broken("evaluationResponse.decision", b -> response(b).put("decision", "PASS")),
        broken(
            "evaluationResponse.escalation.escalationType",
            b -> ((ObjectNode) response(b).get("escalation")).put("escalationType", "REFORMULATE")),
        broken(
            "evaluationResponse.adaptive.escalationRecommended",
            b -> response(b).putObject("adaptive").put("escalationRecommended", "REFORMULATE")),
        broken(
            "evaluationRequest.overrideToken",
            b ->
                ((ObjectNode) b.get("evaluationRequest"))
                    .putObject("overrideToken")
                    .put("tokenId", UUID.randomUUID().toString())),
        broken("licenseId", b -> b.remove("licenseId")));
  }

  private static Arguments broken(String path, Consumer<ObjectNode> change) {
    return Arguments.of(path, change);
  }

  private static ObjectNode response(ObjectNode body) {
    return (ObjectNode) body.get("evaluationResponse");
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("brokenSubmissions")
  void eachSubmissionRuleIsA400NamingItsField(String path, Consumer<ObjectNode> change) {
    ObjectNode body = submission("actor-rules");
    change.accept(body);

    Answer answer = http.post(REQUESTS, body);

    assertThat(answer.status()).isEqualTo(400);
    assertThat(answer.errorCode()).isEqualTo("VALIDATION_ERROR");
    assertThat(answer.issues()).hasSize(1);
    assertThat(answer.issues().get(0).get("path").asText()).isEqualTo(path);
    assertThat(answer.body().path("error").path("requestId").asText()).isNotEmpty();
  }

  @Test
  void shapeIssuesNameTheirFieldAndAMissingBodyIsTheBodys() {
    ObjectNode longSource = submission("actor-shape").put("source", "x".repeat(256));
    ObjectNode arrayFeed = submission("actor-shape");
    arrayFeed.putArray("sentinelFeed").add(1);
    ObjectNode textRequest = submission("actor-shape").put("evaluationRequest", "r");
    String id = submit("actor-shape-note");

    assertIssuePath(http.post(REQUESTS, longSource), "source");
    assertIssuePath(http.post(REQUESTS, arrayFeed), "sentinelFeed");
    assertIssuePath(http.post(REQUESTS, textRequest), "evaluationRequest");
    assertIssuePath(
        http.post(REQUESTS + "/" + id + "/deny", deny(TestDeployment.KEY_ID, "x".repeat(4001))),
        "operatorNote");
    assertIssuePath(http.postJson(REQUESTS + "/" + id + "/approve", ""), "(body)");
    assertIssuePath(http.postJson(REQUESTS, ""), "(body)");
    assertThat(record(id).get("status").asText()).isEqualTo("PENDING");
  }

  private static void assertIssuePath(Answer answer, String path) {
    assertThat(answer.status()).as(answer.text()).isEqualTo(400);
    assertThat(answer.errorCode()).isEqualTo("VALIDATION_ERROR");
    assertThat(answer.issues())
        .extracting(issue -> issue.get("path").asText())
        .containsExactly(path);
  }

  @Test
  void malformedBodiesAreValidationErrorsWithOneIssuePerField() {
    Answer malformed = http.postJson(REQUESTS, "{\"licenseId\":");
    assertThat(malformed.status()).isEqualTo(400);
    assertThat(malformed.errorCode()).isEqualTo("VALIDATION_ERROR");

    Answer empty = http.postJson(REQUESTS, "{}");
    assertThat(empty.status()).isEqualTo(400);
    assertThat(empty.issues())
        .extracting(issue -> issue.get("path").asText())
        .containsExactly("evaluationRequest", "evaluationResponse", "licenseId");

    Answer noBody = http.postJson(REQUESTS, "");
    assertThat(noBody.status()).isEqualTo(400);
    assertThat(noBody.errorCode()).isEqualTo("VALIDATION_ERROR");

    Answer wrongType =
        http.postJson(
            REDEEM,
            "{\"tokenId\":\""
                + UUID.randomUUID()
                + "\",\"requestHash\":\"h\",\"policyVersion\":\"seven\",\"licenseId\":\"l\"}");
    assertThat(wrongType.status()).isEqualTo(400);
    assertThat(wrongType.issues().get(0).get("path").asText()).isEqualTo("policyVersion");
  }

  @Test
  void listIsNewestFirstAndFiltersByStatusInAnyCase() {
    String older = submit("actor-list-1");
    String newer = submit("actor-list-2");
    http.post(REQUESTS + "/" + older + "/deny", deny(TestDeployment.KEY_ID, "no"));

    JsonNode all = http.get(REQUESTS).body().get("data");
    assertThat(ids(all)).containsSubsequence(newer, older);
    assertThat(all.get(0).has("audit")).isFalse();
    assertThat(ids(http.get(REQUESTS + "?status=DENIED").body().get("data")))
        .contains(older)
        .doesNotContain(newer);
    http.get(REQUESTS + "?status=PENDING")
        .body()
        .get("data")
        .forEach(r -> assertThat(r.get("status").asText()).isEqualTo("PENDING"));
  }

  @Test
  void aStatusInAnotherLetterCaseIsA400NamingTheAllowedValues() {
    for (String status : new String[] {"pending", "Pending"}) {
      Answer answer = http.get(REQUESTS + "?status=" + status);

      assertThat(answer.status()).isEqualTo(400);
      assertThat(answer.issues().get(0).get("path").asText()).isEqualTo("status");
      assertThat(answer.issues().get(0).get("message").asText())
          .isEqualTo("must be one of PENDING, APPROVED, DENIED, EXPIRED, REDEEMED");
    }
  }

  @Test
  void anUnknownStatusIsA400NamingTheParameter() {
    Answer answer = http.get(REQUESTS + "?status=waiting");

    assertThat(answer.status()).isEqualTo(400);
    assertThat(answer.errorCode()).isEqualTo("VALIDATION_ERROR");
    assertThat(answer.issues().get(0).get("path").asText()).isEqualTo("status");
    assertThat(answer.issues().get(0).get("message").asText())
        .contains("PENDING, APPROVED, DENIED, EXPIRED, REDEEMED");
  }

  private static java.util.List<String> ids(JsonNode data) {
    java.util.List<String> ids = new java.util.ArrayList<>();
    data.forEach(r -> ids.add(r.get("coordinatorRequestId").asText()));
    return ids;
  }

  @Test
  void unknownIdsAre404OnGetApproveAndDeny() {
    String unknown = UUID.randomUUID().toString();
    for (Answer answer :
        new Answer[] {
          http.get(REQUESTS + "/" + unknown),
          http.post(REQUESTS + "/" + unknown + "/approve", approve(TestDeployment.KEY_ID)),
          http.post(REQUESTS + "/" + unknown + "/deny", deny(TestDeployment.KEY_ID, null))
        }) {
      assertThat(answer.status()).isEqualTo(404);
      assertThat(answer.errorCode()).isEqualTo("NOT_FOUND");
    }
  }

  @Test
  void anIdThatIsNotAUuidIsA400NamingItOnGetApproveAndDeny() {
    for (Answer answer :
        new Answer[] {
          http.get(REQUESTS + "/not-a-uuid"),
          http.post(REQUESTS + "/not-a-uuid/approve", approve(TestDeployment.KEY_ID)),
          http.post(REQUESTS + "/not-a-uuid/deny", deny(TestDeployment.KEY_ID, null))
        }) {
      assertThat(answer.status()).isEqualTo(400);
      assertThat(answer.errorCode()).isEqualTo("VALIDATION_ERROR");
      assertThat(answer.issues().get(0).get("path").asText()).isEqualTo("id");
      assertThat(answer.issues().get(0).get("message").asText()).isEqualTo("must be a UUID");
    }
  }

  @Test
  void approvalIssuesATokenBoundToTheRequestWithTheDefaultLifetime() throws Exception {
    String id = submit("actor-approve");
    JsonNode token = approved(id);
    JsonNode record = record(id);

    assertThat(token.get("alg").asText()).isEqualTo("PS256");
    assertThat(token.get("keyId").asText()).isEqualTo(TestDeployment.KEY_ID);
    JsonNode payload = CoordinatorHttp.JSON.readTree(token.get("payload").asText());
    assertThat(payload.get("tokenId").asText()).isEqualTo(token.get("tokenId").asText());
    assertThat(payload.get("coordinatorRequestId").asText()).isEqualTo(id);
    assertThat(payload.get("requestHash").asText()).isEqualTo(record.get("requestHash").asText());
    assertThat(payload.get("policyVersion").asLong()).isEqualTo(TestDeployment.POLICY_VERSION);
    assertThat(payload.get("licenseId").asText()).isEqualTo("lic-1");
    assertThat(payload.get("actorId").asText()).isEqualTo("actor-approve");
    assertThat(payload.get("operatorId").asText()).isEqualTo(TestDeployment.OPERATOR_ID);
    assertThat(lifetime(payload)).isEqualTo(Duration.ofMillis(TestDeployment.DEFAULT_TOKEN_TTL_MS));
    assertThat(record.get("status").asText()).isEqualTo("APPROVED");
    assertThat(record.get("tokenId").asText()).isEqualTo(token.get("tokenId").asText());
    assertThat(record.get("decidedBy").asText()).isEqualTo(TestDeployment.OPERATOR_ID);
  }

  @Test
  void theTokenVerifiesWithTheJdkAgainstThePolicysPublicKey() throws Exception {
    JsonNode token = approved(submit("actor-signature"));
    String payload = token.get("payload").asText();
    String signature = token.get("signature").asText();

    assertThat(signature).doesNotContain("=", "+", "/");
    assertThat(
            JdkPs256.verify(
                payload,
                signature,
                JdkPs256.policyKey(DEPLOYMENT.policyFile(), TestDeployment.KEY_ID)))
        .isTrue();
    assertThat(
            JdkPs256.verify(
                payload.replace("lic-1", "lic-2"),
                signature,
                JdkPs256.policyKey(DEPLOYMENT.policyFile(), TestDeployment.KEY_ID)))
        .isFalse();
    assertThat(
            JdkPs256.verify(
                payload,
                signature,
                JdkPs256.policyKey(DEPLOYMENT.policyFile(), TestDeployment.OTHER_KEY_ID)))
        .isFalse();
  }

  @Test
  void tokenLifetimeIsCappedByThePolicyAndMustBePositive() throws Exception {
    String id = submit("actor-ttl");
    Answer zero =
        http.post(
            REQUESTS + "/" + id + "/approve", approve(TestDeployment.KEY_ID).put("tokenTtlMs", 0));
    assertThat(zero.status()).isEqualTo(400);
    assertThat(zero.issues().get(0).get("path").asText()).isEqualTo("tokenTtlMs");

    Answer capped =
        http.post(
            REQUESTS + "/" + id + "/approve",
            approve(TestDeployment.KEY_ID).put("tokenTtlMs", 86_400_000L));
    assertThat(capped.status()).isEqualTo(200);
    JsonNode payload = CoordinatorHttp.JSON.readTree(capped.body().get("payload").asText());
    assertThat(lifetime(payload)).isEqualTo(Duration.ofMillis(TestDeployment.MAX_TOKEN_TTL_MS));
  }

  @Test
  void decisionsNeedAConfiguredAuthorityKey() {
    String id = submit("actor-keys");
    // bob is operator-2, whose key is in the policy but not configured here
    Answer missing =
        new CoordinatorHttp(APP.getLocalPort())
            .withToken("bob-operator-token-0123456789abcdef")
            .post(REQUESTS + "/" + id + "/approve", CoordinatorHttp.JSON.createObjectNode());
    Answer policyOnly =
        http.post(REQUESTS + "/" + id + "/deny", deny(TestDeployment.OTHER_KEY_ID, null));

    assertThat(missing.status()).isEqualTo(400);
    assertThat(missing.issues().get(0).get("path").asText()).isEqualTo("keyId");
    assertThat(policyOnly.status()).isEqualTo(400);
    assertThat(policyOnly.issues().get(0).get("message").asText())
        .contains("not a configured authority key");
    assertThat(record(id).get("status").asText()).isEqualTo("PENDING");
  }

  @Test
  void denyAnswersTheUpdatedRecordAndEndsTheRequest() {
    String id = submit("actor-deny");

    Answer denied =
        http.post(REQUESTS + "/" + id + "/deny", deny(TestDeployment.KEY_ID, "gamma too low"));

    assertThat(denied.status()).isEqualTo(200);
    assertThat(denied.body().get("status").asText()).isEqualTo("DENIED");
    assertThat(denied.body().get("operatorNote").asText()).isEqualTo("gamma too low");
    assertThat(denied.body().get("decidedBy").asText()).isEqualTo(TestDeployment.OPERATOR_ID);
    assertThat(denied.body().get("audit").get(1).get("eventType").asText()).isEqualTo("DENIED");
    assertTransitionRefused(id, "approve", "DENIED");
    assertTransitionRefused(id, "deny", "DENIED");
  }

  @Test
  void onlyPendingRequestsCanBeApprovedOrDenied() {
    String id = submit("actor-transitions");
    JsonNode token = approved(id);
    assertTransitionRefused(id, "approve", "APPROVED");
    assertTransitionRefused(id, "deny", "APPROVED");

    http.post(REDEEM, redeem(token, record(id)));
    assertThat(record(id).get("status").asText()).isEqualTo("REDEEMED");
    assertTransitionRefused(id, "approve", "REDEEMED");
    assertTransitionRefused(id, "deny", "REDEEMED");
  }

  private void assertTransitionRefused(String id, String action, String status) {
    Answer answer =
        http.post(REQUESTS + "/" + id + "/" + action, deny(TestDeployment.KEY_ID, null));
    assertThat(answer.status()).as(action + " of " + status).isEqualTo(409);
    assertThat(answer.errorCode()).isEqualTo("INVALID_TRANSITION");
    assertThat(answer.body().path("error").path("details").path("status").asText())
        .isEqualTo(status);
  }

  @Test
  void redemptionIsAcceptedOnceThenAReplay() {
    String id = submit("actor-redeem");
    JsonNode token = approved(id);
    ObjectNode body = redeem(token, record(id));

    Answer first = http.post(REDEEM, body);
    Answer second = http.post(REDEEM, body);

    assertThat(first.status()).isEqualTo(200);
    assertThat(first.body().get("status").asText()).isEqualTo("ACCEPTED");
    assertThat(first.body().get("tokenId").asText()).isEqualTo(token.get("tokenId").asText());
    Instant redeemedAt = Instant.parse(first.body().get("redeemedAt").asText());
    assertThat(second.status()).isEqualTo(200);
    assertThat(second.body().get("status").asText()).isEqualTo("REPLAY_DETECTED");
    assertThat(Instant.parse(second.body().get("redeemedAt").asText())).isEqualTo(redeemedAt);
    JsonNode audit = record(id).get("audit");
    assertThat(audit.get(audit.size() - 1).get("eventType").asText()).isEqualTo("REDEEMED");
    assertThat(audit.get(audit.size() - 1).get("actorId").asText()).isEqualTo("runtime");
  }

  @Test
  void anUnknownTokenIsUnknown() {
    ObjectNode body = redeem(approved(submit("actor-unknown")), record(submit("actor-other")));
    body.put("tokenId", UUID.randomUUID().toString());

    Answer answer = http.post(REDEEM, body);

    assertThat(answer.status()).isEqualTo(200);
    assertThat(answer.body().get("status").asText()).isEqualTo("UNKNOWN_TOKEN");
    assertThat(answer.body().has("redeemedAt")).isFalse();
  }

  static Stream<Arguments> bindings() {
    return Stream.of(
        binding("requestHash", b -> b.put("requestHash", "0".repeat(64))),
        binding("policyVersion", b -> b.put("policyVersion", 8)),
        binding("licenseId", b -> b.put("licenseId", "lic-2")),
        binding("actorId", b -> b.put("actorId", "someone-else")));
  }

  private static Arguments binding(String field, Consumer<ObjectNode> change) {
    return Arguments.of(field, change);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("bindings")
  void aTokenPresentedForAnotherBindingIsAMismatchAndStaysUsable(
      String field, Consumer<ObjectNode> change) {
    String id = submit("actor-binding-" + field);
    JsonNode token = approved(id);
    ObjectNode body = redeem(token, record(id));
    ObjectNode changed = body.deepCopy();
    change.accept(changed);

    Answer mismatch = http.post(REDEEM, changed);

    assertThat(mismatch.body().get("status").asText()).isEqualTo("BINDING_MISMATCH");
    assertThat(http.post(REDEEM, body).body().get("status").asText()).isEqualTo("ACCEPTED");
  }

  @Test
  void anExpiredTokenIsExpired() {
    String id = submit("actor-expired-token");
    Answer approval =
        http.post(
            REQUESTS + "/" + id + "/approve",
            approve(TestDeployment.KEY_ID).put("tokenTtlMs", 1000));
    CLOCK.advance(Duration.ofMillis(1001));

    Answer answer = http.post(REDEEM, redeem(approval.body(), record(id)));

    assertThat(answer.body().get("status").asText()).isEqualTo("EXPIRED");
    assertThat(record(id).get("status").asText()).isEqualTo("APPROVED");
  }

  @Test
  void aMalformedRedemptionIsA400() {
    Answer notUuid =
        http.postJson(
            REDEEM,
            "{\"tokenId\":\"abc\",\"requestHash\":\"h\","
                + "\"policyVersion\":1,\"licenseId\":\"l\"}");
    Answer missing = http.postJson(REDEEM, "{\"tokenId\":\"" + UUID.randomUUID() + "\"}");
    Answer empty = http.postJson(REDEEM, "{\"licenseId\":\" \"}");
    Answer malformed = http.postJson(REDEEM, "not json");

    assertThat(notUuid.status()).isEqualTo(400);
    assertThat(notUuid.issues().get(0).get("path").asText()).isEqualTo("tokenId");
    assertThat(missing.status()).isEqualTo(400);
    assertThat(missing.issues())
        .extracting(issue -> issue.get("path").asText())
        .containsExactly("requestHash", "policyVersion", "licenseId");
    assertThat(empty.issues())
        .extracting(issue -> issue.get("path").asText())
        .containsExactly("tokenId", "requestHash", "policyVersion", "licenseId");
    assertThat(malformed.status()).isEqualTo(400);
    assertThat(malformed.errorCode()).isEqualTo("VALIDATION_ERROR");
  }

  private static Duration lifetime(JsonNode payload) {
    return Duration.between(
        Instant.parse(payload.get("issuedAt").asText()),
        Instant.parse(payload.get("expiresAt").asText()));
  }
}
