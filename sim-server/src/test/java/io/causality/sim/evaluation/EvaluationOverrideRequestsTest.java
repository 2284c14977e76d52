package io.causality.sim.evaluation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import com.sun.net.httpserver.HttpServer;
import io.causality.common.errors.ApiException;
import io.causality.hitl.protocol.client.CoordinatorClient;
import io.causality.hitl.protocol.wire.AuditEvent;
import io.causality.hitl.protocol.wire.AuditEventType;
import io.causality.hitl.protocol.wire.OverrideRequestRecord;
import io.causality.hitl.protocol.wire.OverrideRequestStatus;
import io.causality.sim.evaluation.EvaluationOverrideRequest.AppliedToken;
import io.causality.sim.evaluation.EvaluationOverrideRequest.DecisionKind;
import io.causality.sim.evaluation.EvaluationOverrideRequest.OperatorDecision;
import io.causality.sim.evaluation.EvaluationOverrideRequest.TokenRedemption;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The coordinator's record of an escalated request as sim-server tells it: the operators' decisions
 * from the audit trail, the redemption, the applied token; and every way the coordinator fails to
 * show it, against a coordinator on loopback that answers as told.
 */
class EvaluationOverrideRequestsTest {
  private static final String ID = "6f1c2a9e-0b7d-4a53-9d8e-2c4f5a6b7c8d";
  private static final Instant T0 = Instant.parse("2026-11-26T12:00:00Z");

  /** The status and body the coordinator answers. */
  private final AtomicReference<String[]> answer = new AtomicReference<>();

  private HttpServer coordinator;
  private CoordinatorClient client;

  @BeforeEach
  void startCoordinator() throws IOException {
    coordinator = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    coordinator.createContext(
        "/",
        exchange -> {
          String[] told = answer.get();
          byte[] body = told[1].getBytes(StandardCharsets.UTF_8);
          exchange.getResponseHeaders().add("Content-Type", "application/json");
          exchange.sendResponseHeaders(Integer.parseInt(told[0]), body.length);
          try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
          }
        });
    coordinator.start();
    client = clientAt(coordinator.getAddress().getPort());
  }

  @AfterEach
  void stopCoordinator() {
    coordinator.stop(0);
  }

  @Test
  void theOperatorsDecisionsTheRedemptionAndTheApplicationAreTold() {
    OverrideRequestRecord record =
        record(
            OverrideRequestStatus.REDEEMED,
            "t-1",
            List.of(
                event(AuditEventType.SUBMITTED, "evaluation-runtime", 0, null),
                event(AuditEventType.PARTIAL_APPROVAL, "operator-1", 60, "first look"),
                event(AuditEventType.APPROVED, "operator-2", 120, "agreed"),
                event(AuditEventType.REDEEMED, "evaluation-runtime", 180, null)));
    AppliedToken applied = new AppliedToken("t-1", "req-7", T0.plusSeconds(180));

    EvaluationOverrideRequest told = EvaluationOverrideRequests.answer(record, applied);

    assertThat(told.status()).isEqualTo(OverrideRequestStatus.REDEEMED);
    assertThat(told.requiredApprovals()).isEqualTo(2);
    assertThat(told.approvals()).isEqualTo(2);
    assertThat(told.decisions())
        .extracting(
            OperatorDecision::operator,
            OperatorDecision::decision,
            OperatorDecision::at,
            OperatorDecision::note)
        .containsExactly(
            tuple("operator-1", DecisionKind.PARTIAL_APPROVAL, T0.plusSeconds(60), "first look"),
            tuple("operator-2", DecisionKind.APPROVED, T0.plusSeconds(120), "agreed"));
    assertThat(told.redemption())
        .isEqualTo(new TokenRedemption(T0.plusSeconds(180), "evaluation-runtime"));
    assertThat(told.applied()).isEqualTo(applied);
    assertThat(told.tokenId()).isEqualTo("t-1");
  }

  @Test
  void aDenialIsADecisionAndAnExpiryIsNone() {
    EvaluationOverrideRequest denied =
        EvaluationOverrideRequests.answer(
            record(
                OverrideRequestStatus.DENIED,
                null,
                List.of(
                    event(AuditEventType.SUBMITTED, "evaluation-runtime", 0, null),
                    event(AuditEventType.PARTIAL_APPROVAL, "operator-2", 20, ""),
                    event(AuditEventType.DENIED, "operator-1", 30, "trend too steep"))),
            null);
    EvaluationOverrideRequest expired =
        EvaluationOverrideRequests.answer(
            record(
                OverrideRequestStatus.EXPIRED,
                null,
                List.of(
                    event(AuditEventType.SUBMITTED, "evaluation-runtime", 0, null),
                    event(AuditEventType.EXPIRED, "coordinator", 3600, null))),
            null);

    // one denial denies, whatever approvals came before; an empty note is none
    assertThat(denied.decisions())
        .containsExactly(
            new OperatorDecision(
                "operator-2", DecisionKind.PARTIAL_APPROVAL, T0.plusSeconds(20), null),
            new OperatorDecision(
                "operator-1", DecisionKind.DENIED, T0.plusSeconds(30), "trend too steep"));
    assertThat(denied.redemption()).isNull();
    assertThat(denied.applied()).isNull();
    assertThat(expired.status()).isEqualTo(OverrideRequestStatus.EXPIRED);
    assertThat(expired.decisions()).isEmpty();
  }

  @Test
  void aRecordTheCoordinatorShowsIsRead() {
    answer.set(
        new String[] {
          "200",
          "{\"coordinatorRequestId\":\""
              + ID
              + "\",\"status\":\"PENDING\",\"approvals\":0,\"requiredApprovals\":1,"
              + "\"audit\":[]}"
        });

    assertThat(EvaluationOverrideRequests.fetch(client, ID).status())
        .isEqualTo(OverrideRequestStatus.PENDING);
  }

  @Test
  void aRequestTheCoordinatorDoesNotShowIs404() {
    answer.set(
        new String[] {"404", "{\"error\":{\"code\":\"NOT_FOUND\",\"message\":\"not found\"}}"});

    assertThatThrownBy(() -> EvaluationOverrideRequests.fetch(client, ID))
        .isInstanceOfSatisfying(
            ApiException.class,
            e -> {
              assertThat(e.status()).isEqualTo(404);
              assertThat(e.code()).isEqualTo("NOT_FOUND");
              assertThat(e.getMessage()).contains(ID).contains("retention");
            });
  }

  @Test
  void aRefusalOfThisServicesReadAServerErrorAndNoAnswerAre503() throws IOException {
    answer.set(
        new String[] {
          "403", "{\"error\":{\"code\":\"FORBIDDEN\",\"message\":\"Caller x lacks the role\"}}"
        });
    assertUnavailable(client, "refused this service's read");
    answer.set(new String[] {"500", "{\"error\":{\"code\":\"INTERNAL\"}}"});
    assertUnavailable(client, "cannot be reached or failed");
    int closed;
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      closed = socket.getLocalPort();
    }
    assertUnavailable(clientAt(closed), "cannot be reached or failed");
  }

  private static void assertUnavailable(CoordinatorClient client, String why) {
    assertThatThrownBy(() -> EvaluationOverrideRequests.fetch(client, ID))
        .isInstanceOfSatisfying(
            ApiException.class,
            e -> {
              assertThat(e.status()).isEqualTo(503);
              assertThat(e.code()).isEqualTo("COORDINATOR_UNAVAILABLE");
              // nothing of the coordinator's own words or address reaches the caller
              assertThat(e.getMessage()).contains(why).doesNotContain("127.0.0.1", "lacks");
            });
  }

  private static CoordinatorClient clientAt(int port) {
    return new CoordinatorClient(
        URI.create("http://127.0.0.1:" + port), Duration.ofSeconds(2), Optional.of("token"));
  }

  private static AuditEvent event(AuditEventType type, String actor, int seconds, String note) {
    return new AuditEvent("e-" + type, type, actor, T0.plusSeconds(seconds), note);
  }

  private static OverrideRequestRecord record(
      OverrideRequestStatus status, String tokenId, List<AuditEvent> audit) {
    return new OverrideRequestRecord(
        ID,
        status,
        null,
        null,
        "a".repeat(64),
        null,
        "lic-1",
        "simulation:s1",
        null,
        null,
        "sim-server",
        T0,
        T0.plusSeconds(3600),
        null,
        null,
        null,
        null,
        null,
        tokenId,
        "evaluation-runtime",
        null,
        (int) audit.stream().filter(e -> e.eventType().name().contains("APPROV")).count(),
        2,
        audit);
  }
}
