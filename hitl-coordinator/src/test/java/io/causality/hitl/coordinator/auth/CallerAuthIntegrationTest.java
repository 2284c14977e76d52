package io.causality.hitl.coordinator.auth;

import static io.causality.hitl.coordinator.OverrideBodies.approve;
import static io.causality.hitl.coordinator.OverrideBodies.deny;
import static io.causality.hitl.coordinator.OverrideBodies.redeem;
import static io.causality.hitl.coordinator.OverrideBodies.submission;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.causality.hitl.coordinator.CoordinatorApplication;
import io.causality.hitl.coordinator.CoordinatorConfiguration;
import io.causality.hitl.coordinator.CoordinatorHttp;
import io.causality.hitl.coordinator.CoordinatorHttp.Answer;
import io.causality.hitl.coordinator.TestDeployment;
import io.dropwizard.testing.DropwizardTestSupport;
import io.dropwizard.testing.ResourceHelpers;
import io.dropwizard.testing.junit5.DropwizardAppExtension;
import io.dropwizard.testing.junit5.DropwizardExtensionsSupport;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * With callers configured (configs/callers.yml), every /v1 endpoint needs a bearer token of a
 * configured caller with the endpoint's role: 401 without one, 403 with the wrong role. The
 * caller's id becomes the audit actor of submissions and redemptions.
 */
@ExtendWith(DropwizardExtensionsSupport.class)
class CallerAuthIntegrationTest {
  private static final String RUNTIME = "runtime-token-0123456789abcdef";
  private static final String OPERATOR = "operator-token-0123456789abcdef";
  private static final String SUBMIT_ONLY = "submitter-token-0123456789abcdef";
  private static final String REDEEM_ONLY = "redeemer-token-0123456789abcdef";
  private static final String CONFIG = ResourceHelpers.resourceFilePath("configs/callers.yml");
  static final TestDeployment DEPLOYMENT = TestDeployment.plain();
  static final DropwizardAppExtension<CoordinatorConfiguration> APP =
      new DropwizardAppExtension<>(CoordinatorApplication.class, CONFIG, DEPLOYMENT.overrides());

  private static final String REQUESTS = "/v1/override-requests";
  private static final String REDEEM = "/v1/override-tokens/redeem";

  private CoordinatorHttp anonymous;
  private CoordinatorHttp runtime;
  private CoordinatorHttp operator;

  @BeforeEach
  void clients() {
    anonymous = new CoordinatorHttp(APP.getLocalPort());
    runtime = anonymous.withToken(RUNTIME);
    operator = anonymous.withToken(OPERATOR);
  }

  private String submitted() {
    Answer answer = runtime.post(REQUESTS, submission("actor-" + UUID.randomUUID()));
    assertThat(answer.status()).as(answer.text()).isEqualTo(201);
    return answer.body().get("coordinatorRequestId").asText();
  }

  @Test
  void everyEndpointWithoutATokenIs401AndNamesTheScheme() {
    String id = submitted();
    for (Answer answer :
        new Answer[] {
          anonymous.post(REQUESTS, submission("actor-anonymous")),
          anonymous.get(REQUESTS),
          anonymous.get(REQUESTS + "/" + id),
          anonymous.post(REQUESTS + "/" + id + "/approve", approve(TestDeployment.KEY_ID)),
          anonymous.post(REQUESTS + "/" + id + "/deny", deny(TestDeployment.KEY_ID, null)),
          anonymous.postJson(REDEEM, "{}")
        }) {
      assertThat(answer.status()).as(answer.text()).isEqualTo(401);
      assertThat(answer.errorCode()).isEqualTo("UNAUTHORIZED");
      assertThat(answer.headers().firstValue("WWW-Authenticate"))
          .hasValueSatisfying(challenge -> assertThat(challenge).startsWith("Bearer"));
    }
    assertThat(operator.get(REQUESTS + "/" + id).body().get("status").asText())
        .isEqualTo("PENDING");
  }

  @Test
  void anUnknownTokenOrAnotherSchemeIs401AndTheTokenIsNotEchoed() throws Exception {
    Answer unknown = anonymous.withToken("not-a-caller-token-0123456789").get(REQUESTS);
    assertThat(unknown.status()).isEqualTo(401);
    assertThat(unknown.text()).doesNotContain("not-a-caller-token");

    HttpResponse<String> basic =
        HttpClient.newHttpClient()
            .send(
                HttpRequest.newBuilder(
                        URI.create("http://127.0.0.1:" + APP.getLocalPort() + REQUESTS))
                    .header("Authorization", "Basic " + OPERATOR)
                    .build(),
                HttpResponse.BodyHandlers.ofString());
    assertThat(basic.statusCode()).isEqualTo(401);
    assertThat(basic.body()).contains("Bearer scheme").doesNotContain(OPERATOR);
  }

  @Test
  void aCallerWithoutTheRoleIs403() {
    String id = submitted();
    Answer submitByOperator = operator.post(REQUESTS, submission("actor-by-operator"));
    Answer listByRuntime = runtime.get(REQUESTS);
    Answer approveByRuntime =
        runtime.post(REQUESTS + "/" + id + "/approve", approve(TestDeployment.KEY_ID));
    Answer redeemBySubmitter = anonymous.withToken(SUBMIT_ONLY).postJson(REDEEM, "{}");

    assertThat(submitByOperator.status()).isEqualTo(403);
    assertThat(submitByOperator.errorCode()).isEqualTo("FORBIDDEN");
    assertThat(submitByOperator.body().path("error").path("message").asText())
        .contains("alice")
        .contains("submitter");
    assertThat(listByRuntime.status()).isEqualTo(403);
    assertThat(approveByRuntime.status()).isEqualTo(403);
    assertThat(redeemBySubmitter.status()).isEqualTo(403);
    assertThat(operator.get(REQUESTS + "/" + id).body().get("status").asText())
        .isEqualTo("PENDING");
  }

  @Test
  void theRightRolesRunTheWholeLifecycleAndTheCallerIsTheAuditActor() {
    String id = submitted();
    assertThat(operator.get(REQUESTS).status()).isEqualTo(200);
    JsonNode token =
        operator.post(REQUESTS + "/" + id + "/approve", approve(TestDeployment.KEY_ID)).body();
    Answer redeemed = runtime.post(REDEEM, redeem(token, operator.get(REQUESTS + "/" + id).body()));
    String other = submitted();
    Answer denied =
        operator.post(REQUESTS + "/" + other + "/deny", deny(TestDeployment.KEY_ID, null));

    assertThat(redeemed.body().get("status").asText()).isEqualTo("ACCEPTED");
    assertThat(denied.status()).isEqualTo(200);
    JsonNode audit = operator.get(REQUESTS + "/" + id).body().get("audit");
    assertThat(audit.get(0).get("actorId").asText()).isEqualTo("runtime");
    assertThat(audit.get(1).get("actorId").asText()).isEqualTo(TestDeployment.OPERATOR_ID);
    assertThat(audit.get(2).get("eventType").asText()).isEqualTo("REDEEMED");
    assertThat(audit.get(2).get("actorId").asText()).isEqualTo("runtime");
  }

  @Test
  void aSubmitterReadsTheRequestsItSubmittedWithTheirAuditTrailAndNoOthers() {
    String own = submitted();
    CoordinatorHttp submitOnly = anonymous.withToken(SUBMIT_ONLY);
    Answer other = submitOnly.post(REQUESTS, submission("actor-" + UUID.randomUUID()));
    String others = other.body().get("coordinatorRequestId").asText();
    operator.post(REQUESTS + "/" + own + "/approve", approve(TestDeployment.KEY_ID));

    Answer read = runtime.get(REQUESTS + "/" + own);
    Answer foreign = runtime.get(REQUESTS + "/" + others);
    Answer unknown = runtime.get(REQUESTS + "/" + UUID.randomUUID());

    assertThat(read.status()).as(read.text()).isEqualTo(200);
    assertThat(read.body().get("status").asText()).isEqualTo("APPROVED");
    assertThat(read.body().get("submittedBy").asText()).isEqualTo("runtime");
    JsonNode audit = read.body().get("audit");
    assertThat(audit.get(1).get("eventType").asText()).isEqualTo("APPROVED");
    assertThat(audit.get(1).get("actorId").asText()).isEqualTo(TestDeployment.OPERATOR_ID);
    // another caller's request answers as an id that does not exist: no existence oracle
    assertThat(foreign.status()).isEqualTo(404);
    assertThat(foreign.errorCode()).isEqualTo(unknown.errorCode()).isEqualTo("NOT_FOUND");
    assertThat(foreign.body().path("error").path("message").asText().replace(others, "ID"))
        .isEqualTo(
            unknown
                .body()
                .path("error")
                .path("message")
                .asText()
                .replaceAll("[0-9a-f-]{36}", "ID"));
    assertThat(submitOnly.get(REQUESTS + "/" + own).status()).isEqualTo(404);
    assertThat(submitOnly.get(REQUESTS + "/" + others).status()).isEqualTo(200);
    // operators read both as before
    assertThat(operator.get(REQUESTS + "/" + others).status()).isEqualTo(200);
    assertThat(operator.get(REQUESTS + "/" + own).body().get("status").asText())
        .isEqualTo("APPROVED");
  }

  @Test
  void readingItsOwnRequestsWidensNothingElseOfASubmitter() {
    String own = submitted();
    Answer byRedeemer = anonymous.withToken(REDEEM_ONLY).get(REQUESTS + "/" + own);

    assertThat(byRedeemer.status()).as(byRedeemer.text()).isEqualTo(403);
    assertThat(byRedeemer.body().path("error").path("message").asText())
        .contains("redeem-only")
        .contains("operator or submitter");
    assertThat(runtime.get(REQUESTS).status()).isEqualTo(403);
    assertThat(runtime.get("/v1/audit-events?requestId=" + own).status()).isEqualTo(403);
    assertThat(runtime.post(REQUESTS + "/" + own + "/deny", deny(TestDeployment.KEY_ID, null)))
        .extracting(Answer::status)
        .isEqualTo(403);
    assertThat(operator.get(REQUESTS + "/" + own).body().get("status").asText())
        .isEqualTo("PENDING");
  }

  @Test
  void anOperatorWithNoConfiguredKeyMustNameOneAndHasNone() {
    String id = submitted();
    CoordinatorHttp bob = anonymous.withToken("bob-operator-token-0123456789abcdef");

    Answer omitted =
        bob.post(REQUESTS + "/" + id + "/approve", CoordinatorHttp.JSON.createObjectNode());
    Answer foreign = bob.post(REQUESTS + "/" + id + "/deny", deny(TestDeployment.KEY_ID, null));

    assertThat(omitted.status()).as(omitted.text()).isEqualTo(400);
    assertThat(omitted.issues().get(0).get("path").asText()).isEqualTo("keyId");
    assertThat(omitted.issues().get(0).get("message").asText())
        .contains("operator-2 has no configured key");
    assertThat(foreign.status()).as(foreign.text()).isEqualTo(403);
    assertThat(foreign.errorCode()).isEqualTo("FORBIDDEN");
    assertThat(operator.get(REQUESTS + "/" + id).body().get("status").asText())
        .isEqualTo("PENDING");
  }

  @Test
  void healthStaysPublic() {
    assertThat(anonymous.get("/healthz").status()).isEqualTo(200);
  }

  @Test
  void withCallersTheCoordinatorMayListenBeyondLoopback() throws Exception {
    DropwizardTestSupport<CoordinatorConfiguration> exposed =
        new DropwizardTestSupport<>(
            CoordinatorApplication.class,
            CONFIG,
            DEPLOYMENT.overrides(
                "bind", "0.0.0.0:0", "dbPath", DEPLOYMENT.dir().resolve("exposed").toString()));
    try {
      exposed.before();
      assertThat(new CoordinatorHttp(exposed.getLocalPort()).get(REQUESTS).status()).isEqualTo(401);
    } finally {
      exposed.after();
    }
  }
}
