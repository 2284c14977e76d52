package io.causality.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.fasterxml.jackson.databind.DeserializationFeature;
import io.causality.common.testing.CoordinatorProcess;
import io.causality.contract.coordinator.api.AuditEventsApi;
import io.causality.contract.coordinator.api.HealthApi;
import io.causality.contract.coordinator.api.OverrideRequestsApi;
import io.causality.contract.coordinator.api.OverrideTokensApi;
import io.causality.contract.coordinator.invoker.ApiClient;
import io.causality.contract.coordinator.invoker.ApiException;
import io.causality.contract.coordinator.model.ApproveOverrideRequest;
import io.causality.contract.coordinator.model.DenyOverrideRequest;
import io.causality.contract.coordinator.model.ErrorEnvelope;
import io.causality.contract.coordinator.model.OverrideRequestRecord;
import io.causality.contract.coordinator.model.OverrideStatus;
import io.causality.contract.coordinator.model.OverrideTokenEnvelope;
import io.causality.contract.coordinator.model.RedeemRequest;
import io.causality.contract.coordinator.model.RedeemResponse;
import io.causality.contract.coordinator.model.SubmitOverrideRequest;
import java.net.http.HttpRequest;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The Java client generated from the coordinator's document drives submit, list, get, approve,
 * redeem, deny and the audit events against the running jar, reading every answer as typed objects
 * (unknown members refused).
 */
class CoordinatorClientIntegrationTest {
  private static CoordinatorProcess coordinator;
  private static ApiClient client;

  @BeforeAll
  static void start() {
    coordinator = CoordinatorProcess.deploy().start();
    client = new ApiClient();
    client.updateBaseUri(coordinator.baseUrl());
    client.getObjectMapper().configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, true);
    // the evaluation runtime submits and redeems, operator-1 does the rest: dev-init's tokens
    String runtime = coordinator.token("runtime");
    String operator = coordinator.token("operator-1");
    client.setRequestInterceptor(
        builder -> {
          HttpRequest request = builder.copy().build();
          String path = request.uri().getPath();
          boolean runtimeCall =
              request.method().equals("POST")
                  && (path.equals("/v1/override-requests")
                      || path.startsWith("/v1/override-tokens/"));
          builder.header("Authorization", "Bearer " + (runtimeCall ? runtime : operator));
        });
  }

  @AfterAll
  static void stop() {
    coordinator.close();
  }

  private static SubmitOverrideRequest submission(String actor) {
    Map<String, Object> request =
        Map.of(
            "envelopeVersion",
            1,
            "requestId",
            "req-" + actor,
            "actorId",
            actor,
            "snapshot",
            Map.of("timestamp", "2026-01-31T12:00:00Z", "metrics", Map.of("gamma", 0.21)));
    Map<String, Object> response =
        Map.of(
            "envelopeVersion",
            1,
            "requestId",
            "req-" + actor,
            "decision",
            "REJECT_STATE",
            "reasonCode",
            "GAMMA_BELOW_FLOOR",
            "mode",
            "state_gate",
            "policyVersion",
            1,
            "adapterVersion",
            1,
            "escalation",
            Map.of(
                "escalationType", "HUMAN_ESCALATION", "gammaHeadroom", -0.14, "stepsToBreach", 0));
    return new SubmitOverrideRequest()
        .evaluationRequest(request)
        .evaluationResponse(response)
        .licenseId("lic-1")
        .source("contract-tests");
  }

  @Test
  void aRequestIsSubmittedApprovedAndItsTokenRedeemedOnce() throws ApiException {
    OverrideRequestsApi requests = new OverrideRequestsApi(client);
    String id =
        requests.submitOverrideRequest(null, submission("actor-approve")).getCoordinatorRequestId();
    UUID path = UUID.fromString(id);
    assertThat(
            requests.listOverrideRequests(OverrideStatus.PENDING, null, null, null, null).getData())
        .anyMatch(r -> r.getCoordinatorRequestId().equals(id));
    OverrideRequestRecord record = requests.getOverrideRequest(path, null);
    assertThat(record.getStatus().getValue()).isEqualTo("PENDING");
    assertThat(record.getDecidedBy()).isNull();
    OverrideTokenEnvelope token =
        requests.approveOverrideRequest(path, null, new ApproveOverrideRequest().keyId("ops-1"));
    assertThat(token.getAlg().getValue()).isEqualTo("PS256");
    RedeemRequest redeem =
        new RedeemRequest()
            .tokenId(UUID.fromString(token.getTokenId()))
            .requestHash(record.getRequestHash())
            .policyVersion(1L)
            .licenseId("lic-1")
            .actorId(record.getActorId());
    OverrideTokensApi tokens = new OverrideTokensApi(client);
    RedeemResponse first = tokens.redeemOverrideToken(null, redeem);
    assertThat(first.getStatus().getValue()).isEqualTo("ACCEPTED");
    assertThat(tokens.redeemOverrideToken(null, redeem).getStatus().getValue())
        .isEqualTo("REPLAY_DETECTED");
    assertThat(
            new AuditEventsApi(client)
                .listAuditEvents(50, 0L, UUID.fromString(id), null, null, null, null, null)
                .getData())
        .extracting(e -> e.getEventType().getValue())
        .containsExactly("SUBMITTED", "APPROVED", "REDEEMED");
  }

  @Test
  void aRequestIsDeniedAndASecondDecisionRefused() throws Exception {
    OverrideRequestsApi requests = new OverrideRequestsApi(client);
    UUID id =
        UUID.fromString(
            requests
                .submitOverrideRequest(null, submission("actor-deny"))
                .getCoordinatorRequestId());
    OverrideRequestRecord denied =
        requests.denyOverrideRequest(
            id, null, new DenyOverrideRequest().keyId("ops-1").operatorNote("not now"));
    assertThat(denied.getStatus().getValue()).isEqualTo("DENIED");
    ApiException again =
        catchThrowableOfType(
            ApiException.class,
            () -> requests.denyOverrideRequest(id, null, new DenyOverrideRequest().keyId("ops-1")));
    assertThat(again.getCode()).isEqualTo(409);
    ErrorEnvelope envelope =
        client.getObjectMapper().readValue(again.getResponseBody(), ErrorEnvelope.class);
    assertThat(envelope.getError().getCode()).isEqualTo("INVALID_TRANSITION");
  }

  @Test
  void healthIsTyped() throws ApiException {
    assertThat(new HealthApi(client).getHealth(null).getStatus().getValue()).isEqualTo("UP");
  }
}
