package io.causality.hitl.coordinator.resources;

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
import io.dropwizard.testing.ResourceHelpers;
import io.dropwizard.testing.junit5.DropwizardAppExtension;
import io.dropwizard.testing.junit5.DropwizardExtensionsSupport;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A policy quorum of two ({@code hitl.requiredApprovals: 2}, configs/operators.yml): the first
 * operator's approval answers 202 with the record (PENDING, 1 of 2, a PARTIAL_APPROVAL event), the
 * same operator again 409 ALREADY_APPROVED, the second operator's 200 with the token (APPROVED, an
 * APPROVED event); one denial denies; list and get show the approvals so far and needed.
 */
@ExtendWith(DropwizardExtensionsSupport.class)
class QuorumIntegrationTest {
  static final TestDeployment DEPLOYMENT = TestDeployment.plain();
  static final DropwizardAppExtension<CoordinatorConfiguration> APP =
      new DropwizardAppExtension<>(
          CoordinatorApplication.class,
          ResourceHelpers.resourceFilePath("configs/operators.yml"),
          DEPLOYMENT.operatorOverrides("policy.path", DEPLOYMENT.quorumPolicy(2).toString()));

  private static final String REQUESTS = "/v1/override-requests";

  private CoordinatorHttp runtime;
  private CoordinatorHttp alice;
  private CoordinatorHttp bob;

  @BeforeEach
  void clients() {
    CoordinatorHttp anonymous = new CoordinatorHttp(APP.getLocalPort());
    runtime = anonymous.withToken("runtime-token-0123456789abcdef");
    alice = anonymous.withToken("alice-token-0123456789abcdef");
    bob = anonymous.withToken("bob-token-0123456789abcdef");
  }

  @Test
  void twoDistinctOperatorsApproveAndTheSecondIssuesTheToken() {
    String id = submitted();

    Answer first =
        alice.post(path(id, "approve"), approve("ops-1").put("operatorNote", "trend ok"));
    Answer again = alice.post(path(id, "approve"), approve("ops-1"));
    Answer second = bob.post(path(id, "approve"), CoordinatorHttp.JSON.createObjectNode());

    assertThat(first.status()).as(first.text()).isEqualTo(202);
    assertThat(first.body().get("outcome").asText()).isEqualTo("AWAITING_APPROVALS");
    assertThat(first.body().get("status").asText()).isEqualTo("PENDING");
    assertThat(first.body().get("approvals").asInt()).isEqualTo(1);
    assertThat(first.body().get("requiredApprovals").asInt()).isEqualTo(2);
    assertThat(first.body().has("tokenId")).isTrue();
    assertThat(first.body().get("tokenId").isNull()).isTrue();
    assertThat(again.status()).as(again.text()).isEqualTo(409);
    assertThat(again.errorCode()).isEqualTo("ALREADY_APPROVED");
    assertThat(again.body().path("error").path("details").path("operatorId").asText())
        .isEqualTo("operator-1");
    assertThat(second.status()).as(second.text()).isEqualTo(200);
    assertThat(second.body().get("outcome").asText()).isEqualTo("TOKEN_ISSUED");
    assertThat(second.body().get("keyId").asText()).isEqualTo("ops-2");

    JsonNode record = alice.get(REQUESTS + "/" + id).body();
    assertThat(record.get("status").asText()).isEqualTo("APPROVED");
    assertThat(record.get("approvals").asInt()).isEqualTo(2);
    assertThat(record.get("decidedBy").asText()).isEqualTo("operator-2");
    assertThat(events(record))
        .containsExactly(
            "SUBMITTED runtime", "PARTIAL_APPROVAL operator-1 trend ok", "APPROVED operator-2");
    Answer redeemed = runtime.post("/v1/override-tokens/redeem", redeem(second.body(), record));
    assertThat(redeemed.body().get("status").asText()).isEqualTo("ACCEPTED");
  }

  @Test
  void oneDenialDeniesWhateverApprovalsCameBefore() {
    String id = submitted();
    assertThat(alice.post(path(id, "approve"), approve("ops-1")).status()).isEqualTo(202);

    Answer denied = bob.post(path(id, "deny"), deny("ops-2", "no"));
    Answer late = alice.post(path(id, "approve"), approve("ops-1"));

    assertThat(denied.status()).as(denied.text()).isEqualTo(200);
    assertThat(denied.body().get("status").asText()).isEqualTo("DENIED");
    assertThat(denied.body().get("approvals").asInt()).isEqualTo(1);
    assertThat(late.status()).isEqualTo(409);
    assertThat(late.errorCode()).isEqualTo("INVALID_TRANSITION");
    assertThat(events(alice.get(REQUESTS + "/" + id).body()))
        .containsExactly(
            "SUBMITTED runtime", "PARTIAL_APPROVAL operator-1", "DENIED operator-2 no");
  }

  @Test
  void theListShowsApprovalsSoFarAndNeeded() {
    String id = submitted();
    alice.post(path(id, "approve"), approve("ops-1"));

    Answer list = alice.get(REQUESTS + "?status=PENDING");

    JsonNode item = null;
    for (JsonNode candidate : list.body().get("data")) {
      if (candidate.get("coordinatorRequestId").asText().equals(id)) {
        item = candidate;
      }
    }
    assertThat(item).isNotNull();
    assertThat(item.get("approvals").asInt()).isEqualTo(1);
    assertThat(item.get("requiredApprovals").asInt()).isEqualTo(2);
  }

  private String submitted() {
    Answer answer = runtime.post(REQUESTS, submission("actor-" + UUID.randomUUID()));
    assertThat(answer.status()).as(answer.text()).isEqualTo(201);
    return answer.body().get("coordinatorRequestId").asText();
  }

  private static String path(String id, String decision) {
    return REQUESTS + "/" + id + "/" + decision;
  }

  private static List<String> events(JsonNode record) {
    List<String> events = new ArrayList<>();
    for (JsonNode event : record.get("audit")) {
      String note = event.path("note").isTextual() ? " " + event.get("note").asText() : "";
      events.add(event.get("eventType").asText() + " " + event.get("actorId").asText() + note);
    }
    return events;
  }
}
