package io.causality.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.launchdarkly.eventsource.MessageEvent;
import io.causality.common.testing.CoordinatorProcess;
import io.causality.contract.coordinator.api.AuditEventsApi;
import io.causality.contract.coordinator.api.HealthApi;
import io.causality.contract.coordinator.api.OverrideRequestsApi;
import io.causality.contract.coordinator.api.OverrideTokensApi;
import io.causality.contract.coordinator.invoker.ApiClient;
import io.causality.contract.coordinator.invoker.ApiException;
import io.causality.contract.coordinator.model.Approval;
import io.causality.contract.coordinator.model.ApprovalOutcome;
import io.causality.contract.coordinator.model.AwaitingApprovals;
import io.causality.contract.coordinator.model.ChainedAuditEvent;
import io.causality.contract.coordinator.model.Denial;
import io.causality.contract.coordinator.model.ErrorEnvelope;
import io.causality.contract.coordinator.model.InvalidTransitionError;
import io.causality.contract.coordinator.model.OverrideRequestRecord;
import io.causality.contract.coordinator.model.OverrideStatus;
import io.causality.contract.coordinator.model.OverrideSubmission;
import io.causality.contract.coordinator.model.PlainError;
import io.causality.contract.coordinator.model.RedeemRequest;
import io.causality.contract.coordinator.model.RedeemResponse;
import io.causality.contract.coordinator.model.TokenIssued;
import io.causality.contract.coordinator.model.TokenPayload;
import io.causality.contract.coordinator.model.ValidationError;
import java.io.IOException;
import java.net.http.HttpRequest;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The Java client generated from the coordinator's document drives submit, list, get, approve,
 * redeem, deny, the audit events and their live stream against the running jar, reading every
 * answer as typed objects with a mapper that refuses unknown members: approve's two answers by
 * their outcome, errors by their code, the token's payload as its schema, the stream's events
 * through a standard SSE client.
 */
class CoordinatorClientIntegrationTest {
  private static CoordinatorProcess coordinator;
  private static ApiClient client;
  private static ObjectMapper strict;

  @BeforeAll
  static void start() {
    coordinator = CoordinatorProcess.deploy().start();
    strict =
        ApiClient.createDefaultObjectMapper()
            .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, true);
    client = new ApiClient();
    client.updateBaseUri(coordinator.baseUrl());
    client.setObjectMapper(strict);
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

  static OverrideSubmission submission(String actor) {
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
    return new OverrideSubmission()
        .evaluationRequest(request)
        .evaluationResponse(response)
        .licenseId("lic-1")
        .source("contract-tests");
  }

  @Test
  void aRequestIsSubmittedApprovedAndItsTokenRedeemedOnce() throws Exception {
    OverrideRequestsApi requests = new OverrideRequestsApi(client);
    UUID id = requests.submitOverride(submission("actor-approve"), null).getCoordinatorRequestId();
    assertThat(requests.listOverrides(OverrideStatus.PENDING, null, null, null, null).getData())
        .anyMatch(r -> r.getCoordinatorRequestId().equals(id));
    OverrideRequestRecord record = requests.getOverride(id, null);
    assertThat(record.getStatus()).isEqualTo(OverrideStatus.PENDING);
    assertThat(record.getDecidedBy()).isNull();

    ApprovalOutcome outcome = requests.approveOverride(id, new Approval().keyId("ops-1"), null);
    TokenIssued token = outcome.getTokenIssued();
    assertThat(token.getOutcome()).isEqualTo(TokenIssued.OutcomeEnum.TOKEN_ISSUED);
    assertThat(token.getAlg()).isEqualTo(TokenIssued.AlgEnum.PS256);
    TokenPayload payload = strict.readValue(token.getPayload(), TokenPayload.class);
    assertThat(payload.getCoordinatorRequestId()).isEqualTo(id);
    assertThat(payload.getTokenId()).isEqualTo(token.getTokenId());

    RedeemRequest redeem =
        new RedeemRequest()
            .tokenId(token.getTokenId())
            .requestHash(record.getRequestHash())
            .policyVersion(payload.getPolicyVersion())
            .licenseId("lic-1")
            .actorId(record.getActorId());
    OverrideTokensApi tokens = new OverrideTokensApi(client);
    RedeemResponse first = tokens.redeemOverrideToken(redeem, null);
    assertThat(first.getStatus()).isEqualTo(RedeemResponse.StatusEnum.ACCEPTED);
    assertThat(tokens.redeemOverrideToken(redeem, null).getStatus())
        .isEqualTo(RedeemResponse.StatusEnum.REPLAY_DETECTED);
    assertThat(
            new AuditEventsApi(client)
                .listAuditEvents(50, 0L, id, null, null, null, null, null)
                .getData())
        .extracting(e -> e.getEventType().getValue())
        .containsExactly("SUBMITTED", "APPROVED", "REDEEMED");
  }

  @Test
  void anApprovalShortOfTheQuorumReadsAsTheRecordAwaitingApprovals() throws Exception {
    // The 202 body as the coordinator writes it (hitl-protocol's OverrideApproval: the record's
    // members after outcome, WireRecordsTest), from a record it answered. A quorum of two needs
    // two operators' keys; the coordinator's QuorumIntegrationTest answers real 202s, which its
    // contract check validates against ApprovalOutcome.
    OverrideRequestRecord pending =
        new OverrideRequestsApi(client)
            .getOverride(
                new OverrideRequestsApi(client)
                    .submitOverride(submission("actor-quorum"), null)
                    .getCoordinatorRequestId(),
                null);
    ObjectNode body = strict.valueToTree(pending);
    body.put("outcome", "AWAITING_APPROVALS");
    ApprovalOutcome outcome = strict.treeToValue(body, ApprovalOutcome.class);
    assertThat(outcome.getActualInstance()).isInstanceOf(AwaitingApprovals.class);
    assertThat(outcome.getAwaitingApprovals().getStatus()).isEqualTo(OverrideStatus.PENDING);
  }

  @Test
  void aRequestIsDeniedAndASecondDecisionRefusedWithTypedDetails() throws Exception {
    OverrideRequestsApi requests = new OverrideRequestsApi(client);
    UUID id = requests.submitOverride(submission("actor-deny"), null).getCoordinatorRequestId();
    OverrideRequestRecord denied =
        requests.denyOverride(id, new Denial().keyId("ops-1").operatorNote("not now"), null);
    assertThat(denied.getStatus()).isEqualTo(OverrideStatus.DENIED);
    assertThat(requests.listOverrides(OverrideStatus.DENIED, null, null, null, null).getData())
        .anyMatch(r -> r.getCoordinatorRequestId().equals(id));

    InvalidTransitionError again =
        error(() -> requests.denyOverride(id, new Denial().keyId("ops-1"), null), 409)
            .getError()
            .getInvalidTransitionError();
    assertThat(again.getDetails().getStatus()).isEqualTo(OverrideStatus.DENIED);
    assertThat(again.getDetails().getTarget()).isEqualTo(OverrideStatus.DENIED);
    assertThat(again.getDetails().getCoordinatorRequestId()).isEqualTo(id);
  }

  @Test
  void errorsAreTypedByTheirCode() throws Exception {
    OverrideRequestsApi requests = new OverrideRequestsApi(client);
    PlainError missing =
        error(() -> requests.getOverride(UUID.randomUUID(), null), 404).getError().getPlainError();
    assertThat(missing.getCode()).isEqualTo("NOT_FOUND");
    assertThat(missing.getDetails()).isNull();
    ValidationError invalid =
        error(() -> requests.submitOverride(submission("actor-x").licenseId(""), null), 400)
            .getError()
            .getValidationError();
    assertThat(invalid.getDetails().getIssues())
        .extracting(issue -> issue.getPath())
        .contains("licenseId");
  }

  @Test
  void theAuditStreamIsReadWithAnSseClientEachEventAsTheListShowsIt() throws Exception {
    String url = coordinator.baseUrl() + "/v1/audit-events/stream";
    OverrideRequestsApi requests = new OverrideRequestsApi(client);
    List<MessageEvent> events;
    UUID id;
    // the audit stream is an operator's: operator-1's token, as dev-init wrote it
    Map<String, String> operator =
        Map.of("Authorization", "Bearer " + coordinator.token("operator-1"));
    try (EventStreamClient stream = EventStreamClient.open(url, operator, null)) {
      id = requests.submitOverride(submission("actor-stream"), null).getCoordinatorRequestId();
      requests.denyOverride(id, new Denial().keyId("ops-1"), null);
      events = stream.readUntil(e -> e.getData().contains("\"DENIED\""));
    }
    List<ChainedAuditEvent> audit = new java.util.ArrayList<>();
    for (MessageEvent event : events) {
      assertThat(event.getEventName()).isEqualTo("audit");
      ChainedAuditEvent read = strict.readValue(event.getData(), ChainedAuditEvent.class);
      assertThat(event.getLastEventId()).isEqualTo(String.valueOf(read.getSequence()));
      audit.add(read);
    }
    assertThat(audit)
        .filteredOn(e -> e.getCoordinatorRequestId().equals(id))
        .extracting(e -> e.getEventType().getValue())
        .containsExactly("SUBMITTED", "DENIED");
  }

  @Test
  void healthIsTyped() throws ApiException {
    assertThat(new HealthApi(client).getHealth(null).getStatus().getValue()).isEqualTo("UP");
  }

  private interface Call {
    void run() throws ApiException;
  }

  /** The error envelope of a call that fails with {@code status}, read strictly. */
  private static ErrorEnvelope error(Call call, int status) throws IOException {
    ApiException failure = catchThrowableOfType(ApiException.class, call::run);
    assertThat(failure.getCode()).as(failure.getResponseBody()).isEqualTo(status);
    return strict.readValue(failure.getResponseBody(), ErrorEnvelope.class);
  }
}
