package io.causality.hitl.coordinator.resources;

import static io.causality.hitl.coordinator.OverrideBodies.approve;
import static io.causality.hitl.coordinator.OverrideBodies.deny;
import static io.causality.hitl.coordinator.OverrideBodies.submission;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.causality.hitl.coordinator.CoordinatorApplication;
import io.causality.hitl.coordinator.CoordinatorConfiguration;
import io.causality.hitl.coordinator.CoordinatorHttp;
import io.causality.hitl.coordinator.CoordinatorHttp.Answer;
import io.causality.hitl.coordinator.TestDeployment;
import io.dropwizard.testing.ResourceHelpers;
import io.dropwizard.testing.junit5.DropwizardAppExtension;
import io.dropwizard.testing.junit5.DropwizardExtensionsSupport;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Operators are people and four eyes (configs/operators.yml, one approval needed): an operator
 * caller decides with its own keys only (403 FORBIDDEN for another's, nothing changes), may leave
 * out {@code keyId} when it has one key, and is the audit actor and {@code decidedBy}; the caller
 * that submitted a request, and an operator who is its requester, cannot approve it (403
 * SELF_APPROVAL), whatever actor the request names.
 */
@ExtendWith(DropwizardExtensionsSupport.class)
class OperatorIdentityIntegrationTest {
  static final TestDeployment DEPLOYMENT = TestDeployment.plain();
  static final DropwizardAppExtension<CoordinatorConfiguration> APP =
      new DropwizardAppExtension<>(
          CoordinatorApplication.class,
          ResourceHelpers.resourceFilePath("configs/operators.yml"),
          DEPLOYMENT.operatorOverrides());

  private static final String REQUESTS = "/v1/override-requests";

  private CoordinatorHttp runtime;
  private CoordinatorHttp alice;
  private CoordinatorHttp bob;
  private CoordinatorHttp carol;

  @BeforeEach
  void clients() {
    CoordinatorHttp anonymous = new CoordinatorHttp(APP.getLocalPort());
    runtime = anonymous.withToken("runtime-token-0123456789abcdef");
    alice = anonymous.withToken("alice-token-0123456789abcdef");
    bob = anonymous.withToken("bob-token-0123456789abcdef");
    carol = anonymous.withToken("carol-token-0123456789abcdef");
  }

  @Test
  void anOperatorWithOneKeyApprovesWithoutNamingItAndIsTheActor() throws Exception {
    String id = submittedBy(runtime, "actor-" + UUID.randomUUID());

    Answer approved = alice.post(path(id, "approve"), CoordinatorHttp.JSON.createObjectNode());

    assertThat(approved.status()).as(approved.text()).isEqualTo(200);
    assertThat(approved.body().get("keyId").asText()).isEqualTo("ops-1");
    JsonNode payload = CoordinatorHttp.JSON.readTree(approved.body().get("payload").asText());
    assertThat(payload.get("operatorId").asText()).isEqualTo("operator-1");
    JsonNode record = alice.get(REQUESTS + "/" + id).body();
    assertThat(record.get("decidedBy").asText()).isEqualTo("operator-1");
    assertThat(record.get("submittedBy").asText()).isEqualTo("runtime");
    assertThat(record.get("approvals").asInt()).isEqualTo(1);
    assertThat(record.get("requiredApprovals").asInt()).isEqualTo(1);
    assertThat(record.get("audit").get(1).get("eventType").asText()).isEqualTo("APPROVED");
    assertThat(record.get("audit").get(1).get("actorId").asText()).isEqualTo("operator-1");
  }

  @Test
  void anotherOperatorsKeyIs403ForbiddenAndNothingChanges() {
    String id = submittedBy(runtime, "actor-" + UUID.randomUUID());

    Answer approve = alice.post(path(id, "approve"), approve("ops-2"));
    Answer deny = bob.post(path(id, "deny"), deny("ops-1", "not mine to deny"));

    assertThat(approve.status()).as(approve.text()).isEqualTo(403);
    assertThat(approve.errorCode()).isEqualTo("FORBIDDEN");
    assertThat(approve.body().path("error").path("message").asText())
        .contains("ops-2")
        .contains("operator-2")
        .contains("alice");
    assertThat(deny.status()).as(deny.text()).isEqualTo(403);
    assertThat(deny.errorCode()).isEqualTo("FORBIDDEN");
    JsonNode record = alice.get(REQUESTS + "/" + id).body();
    assertThat(record.get("status").asText()).isEqualTo("PENDING");
    assertThat(record.get("approvals").asInt()).isZero();
    assertThat(record.get("audit")).hasSize(1);
  }

  @Test
  void aDenialWithoutKeyIdIsTheCallersOperator() {
    String id = submittedBy(runtime, "actor-" + UUID.randomUUID());

    Answer denied = bob.post(path(id, "deny"), CoordinatorHttp.JSON.createObjectNode());

    assertThat(denied.status()).as(denied.text()).isEqualTo(200);
    assertThat(denied.body().get("status").asText()).isEqualTo("DENIED");
    assertThat(denied.body().get("decidedBy").asText()).isEqualTo("operator-2");
    assertThat(denied.body().get("audit").get(1).get("actorId").asText()).isEqualTo("operator-2");
  }

  @Test
  void aBlankKeyIdIs400NamingKeyId() {
    String id = submittedBy(runtime, "actor-" + UUID.randomUUID());

    Answer blank = alice.post(path(id, "approve"), approve(" "));

    assertThat(blank.status()).isEqualTo(400);
    assertThat(blank.issues().get(0).get("path").asText()).isEqualTo("keyId");
  }

  @Test
  void theCallerThatSubmittedCannotApprove() {
    String id = submittedBy(carol, "actor-" + UUID.randomUUID());

    Answer self = carol.post(path(id, "approve"), CoordinatorHttp.JSON.createObjectNode());
    Answer other = alice.post(path(id, "approve"), CoordinatorHttp.JSON.createObjectNode());

    assertThat(self.status()).as(self.text()).isEqualTo(403);
    assertThat(self.errorCode()).isEqualTo("SELF_APPROVAL");
    assertThat(self.body().path("error").path("message").asText()).contains("carol");
    assertThat(other.status()).as(other.text()).isEqualTo(200);
    JsonNode record = alice.get(REQUESTS + "/" + id).body();
    assertThat(record.get("submittedBy").asText()).isEqualTo("carol");
    assertThat(record.get("decidedBy").asText()).isEqualTo("operator-1");
  }

  /**
   * Found by review: four eyes compared the operator with the actor, which the requester names: a
   * requester sending "operator-2" as the actor kept operator-2 out and could approve itself. The
   * actor decides nothing now; the requester, as the submitting service vouches for it, does.
   */
  @Test
  void theActorTheRequesterNamesDoesNotDecideFourEyes() {
    String id = submittedBy(runtime, "operator-1");

    Answer approved = alice.post(path(id, "approve"), approve("ops-1"));

    assertThat(approved.status()).as(approved.text()).isEqualTo(200);
  }

  @Test
  void anOperatorWhoIsTheRequesterCannotApprove() {
    ObjectNode body = submission("actor-" + UUID.randomUUID());
    body.putObject("requester")
        .put("organizationId", "org-acme")
        .put("kind", "API_KEY")
        .put("id", "key-alice");
    Answer submitted = runtime.post(REQUESTS, body);
    String id = submitted.body().get("coordinatorRequestId").asText();

    Answer self = alice.post(path(id, "approve"), approve("ops-1"));

    assertThat(self.status()).as(self.text()).isEqualTo(403);
    assertThat(self.errorCode()).isEqualTo("SELF_APPROVAL");
    assertThat(self.body().path("error").path("message").asText())
        .contains("requester")
        .contains("key-alice");
    JsonNode record = alice.get(REQUESTS + "/" + id).body();
    assertThat(record.get("status").asText()).isEqualTo("PENDING");
    assertThat(record.get("requester").get("id").asText()).isEqualTo("key-alice");
    assertThat(bob.post(path(id, "approve"), approve("ops-2")).status()).isEqualTo(200);
  }

  private static String submittedBy(CoordinatorHttp caller, String actorId) {
    Answer answer = caller.post(REQUESTS, submission(actorId));
    assertThat(answer.status()).as(answer.text()).isEqualTo(201);
    return answer.body().get("coordinatorRequestId").asText();
  }

  private static String path(String id, String decision) {
    return REQUESTS + "/" + id + "/" + decision;
  }
}
