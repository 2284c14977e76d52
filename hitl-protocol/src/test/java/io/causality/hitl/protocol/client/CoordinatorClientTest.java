package io.causality.hitl.protocol.client;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.causality.hitl.protocol.wire.ApproveOverrideRequest;
import io.causality.hitl.protocol.wire.AuditEvent;
import io.causality.hitl.protocol.wire.AuditEventType;
import io.causality.hitl.protocol.wire.DenyOverrideRequest;
import io.causality.hitl.protocol.wire.OverrideApproval;
import io.causality.hitl.protocol.wire.OverrideRequestList;
import io.causality.hitl.protocol.wire.OverrideRequestQuery;
import io.causality.hitl.protocol.wire.OverrideRequestRecord;
import io.causality.hitl.protocol.wire.OverrideRequestStatus;
import io.causality.hitl.protocol.wire.OverrideTokenEnvelope;
import io.causality.hitl.protocol.wire.Pagination;
import io.causality.hitl.protocol.wire.RedeemRequest;
import io.causality.hitl.protocol.wire.RedeemResponse;
import io.causality.hitl.protocol.wire.RedeemStatus;
import io.causality.hitl.protocol.wire.SubmitOverrideRequest;
import io.causality.hitl.protocol.wire.SubmitOverrideResponse;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class CoordinatorClientTest {

  private static final RedeemRequest REDEEM =
      new RedeemRequest("tok-1", "hash", 3L, "lic", "actor-7");

  private final Map<String, Answer> answers = new ConcurrentHashMap<>();
  private final List<Received> received = new CopyOnWriteArrayList<>();
  private final CountDownLatch release = new CountDownLatch(1);
  private final ExecutorService executor = Executors.newCachedThreadPool();
  private HttpServer server;
  private URI base;

  private record Answer(int status, String body, boolean hang) {}

  private record Received(String path, String query, String authorization, String body) {}

  @BeforeEach
  void start() throws IOException {
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.setExecutor(executor);
    server.createContext("/", this::handle);
    server.start();
    base = URI.create("http://127.0.0.1:" + server.getAddress().getPort());
  }

  @AfterEach
  void stop() {
    release.countDown();
    server.stop(0);
    executor.shutdownNow();
  }

  @Test
  void redeemSendsTheBodyAndTheBearerTokenAndReadsTheAnswer() {
    answer(
        "/v1/override-tokens/redeem",
        200,
        "{\"status\":\"ACCEPTED\",\"tokenId\":\"tok-1\","
            + "\"redeemedAt\":\"2026-01-31T12:00:00Z\"}");
    CoordinatorClient client =
        new CoordinatorClient(base, Duration.ofSeconds(5), Optional.of("s3cret"));

    CoordinatorResult<RedeemResponse> result = client.redeem(REDEEM);

    assertThat(result.body())
        .get()
        .extracting(RedeemResponse::status)
        .isEqualTo(RedeemStatus.ACCEPTED);
    assertThat(received)
        .singleElement()
        .satisfies(
            r -> {
              assertThat(r.authorization()).isEqualTo("Bearer s3cret");
              assertThat(r.body()).contains("\"tokenId\":\"tok-1\"", "\"policyVersion\":3");
            });
    assertThat(client.toString()).doesNotContain("s3cret");
  }

  @Test
  void everyRedemptionOutcomeIsAnAnswer() {
    answer(
        "/v1/override-tokens/redeem",
        200,
        "{\"status\":\"REPLAY_DETECTED\",\"tokenId\":\"tok-1\"}");

    CoordinatorResult<RedeemResponse> result = new CoordinatorClient(base).redeem(REDEEM);

    assertThat(result).isInstanceOf(CoordinatorResult.Success.class);
    assertThat(result.body().orElseThrow().status()).isEqualTo(RedeemStatus.REPLAY_DETECTED);
    assertThat(received.get(0).authorization()).isNull();
  }

  @Test
  void submitReadsTheNewIdAndA409IsARefusalWithItsBody() {
    answer("/v1/override-requests", 201, "{\"coordinatorRequestId\":\"r-1\"}");
    CoordinatorClient client = new CoordinatorClient(base);
    SubmitOverrideRequest body =
        new SubmitOverrideRequest(null, null, "lic", null, null, null, "test");

    assertThat(client.submit(body).body()).contains(new SubmitOverrideResponse("r-1"));

    answer(
        "/v1/override-requests",
        409,
        "{\"error\":{\"code\":\"DEDUPLICATED\","
            + "\"message\":\"pending\"},\"coordinatorRequestId\":\"r-1\","
            + "\"deduplicated\":true}");
    CoordinatorResult<SubmitOverrideResponse> refused = client.submit(body);

    assertThat(refused)
        .isInstanceOfSatisfying(
            CoordinatorResult.Refused.class,
            r -> {
              assertThat(r.httpStatus()).isEqualTo(409);
              assertThat(r.errorCode()).isEqualTo("DEDUPLICATED");
              assertThat(r.rawBody().path("coordinatorRequestId").asText()).isEqualTo("r-1");
            });
    assertThat(refused.unavailable()).isFalse();
  }

  @Test
  void serverErrorsAndUnreadableAnswersAreUnavailable() {
    CoordinatorClient client = new CoordinatorClient(base);

    answer("/v1/override-tokens/redeem", 503, "down");
    assertThat(client.redeem(REDEEM).unavailable()).isTrue();

    answer("/v1/override-tokens/redeem", 200, "<html>proxy</html>");
    assertThat(client.redeem(REDEEM).unavailable()).isTrue();
  }

  @Test
  void aRefusedConnectionIsUnavailable() throws IOException {
    int port;
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      port = socket.getLocalPort();
    }
    CoordinatorClient client =
        new CoordinatorClient(
            URI.create("http://127.0.0.1:" + port), Duration.ofSeconds(5), Optional.empty());

    CoordinatorResult<RedeemResponse> result = client.redeem(REDEEM);

    assertThat(result)
        .isInstanceOfSatisfying(
            CoordinatorResult.Unavailable.class,
            u ->
                assertThat(u.reason())
                    .startsWith("coordinator unreachable at ")
                    .endsWith(": connection refused"));
  }

  @Test
  void aSilentCoordinatorIsUnavailableAfterTheTimeout() {
    answers.put("/v1/override-tokens/redeem", new Answer(200, "", true));
    CoordinatorClient client =
        new CoordinatorClient(base, Duration.ofMillis(800), Optional.empty());

    CoordinatorResult<RedeemResponse> result = client.redeem(REDEEM);

    assertThat(result)
        .isInstanceOfSatisfying(
            CoordinatorResult.Unavailable.class,
            u ->
                assertThat(u.reason())
                    .isEqualTo("coordinator unreachable at " + base + ": no answer within 800 ms"));
    assertThat(received).hasSize(1);
  }

  @Test
  void theOperatorCallsSendTypedBodiesAndReadTypedRecords() {
    String record =
        "{\"coordinatorRequestId\":\"r-1\",\"status\":\"PENDING\",\"actorId\":\"a-1\","
            + "\"evaluationResponse\":{\"decision\":\"REJECT_STATE\"},"
            + "\"requestExpiresAt\":\"2026-01-31T13:00:00Z\"}";
    answer(
        "/v1/override-requests",
        200,
        "{\"data\":[" + record + "],\"pagination\":{\"limit\":100,\"offset\":0,\"total\":1}}");
    answer("/v1/override-requests/r 1/approve", 200, "{\"tokenId\":\"t-1\",\"alg\":\"PS256\"}");
    CoordinatorClient client =
        new CoordinatorClient(
            URI.create(base + "/"), Duration.ofSeconds(5), Optional.of("operator-token"));

    OverrideRequestList list =
        client
            .list(OverrideRequestQuery.first(Optional.of(OverrideRequestStatus.PENDING)))
            .body()
            .orElseThrow();
    OverrideTokenEnvelope token =
        client
            .approve("r 1", new ApproveOverrideRequest("ops-1", null, 60000L))
            .body()
            .orElseThrow();

    assertThat(list.data()).hasSize(1);
    OverrideRequestRecord first = list.data().get(0);
    assertThat(first.status()).isEqualTo(OverrideRequestStatus.PENDING);
    assertThat(first.actorId()).isEqualTo("a-1");
    assertThat(first.requestExpiresAt()).isEqualTo(java.time.Instant.parse("2026-01-31T13:00:00Z"));
    assertThat(first.evaluationResponse().path("decision").asText()).isEqualTo("REJECT_STATE");
    assertThat(token.tokenId()).isEqualTo("t-1");
    assertThat(list.pagination()).isEqualTo(new Pagination(100, 0, 1));
    assertThat(received.get(0).query()).isEqualTo("limit=100&offset=0&status=PENDING");
    assertThat(received.get(1).path()).isEqualTo("/v1/override-requests/r 1/approve");
    assertThat(received.get(1).body()).isEqualTo("{\"keyId\":\"ops-1\",\"tokenTtlMs\":60000}");
    assertThat(received)
        .allSatisfy(r -> assertThat(r.authorization()).isEqualTo("Bearer operator-token"));
    assertThat(client.baseUrl()).isEqualTo(base.toString());
  }

  @Test
  void listAllFollowsThePagesAndKeepsARequestThatMovedOnce() {
    String page = "{\"data\":[%s],\"pagination\":{\"limit\":2,\"offset\":%d,\"total\":3}}";
    // r-2 moves from the first page to the second: a newer request came in between
    answer(
        "/v1/override-requests?limit=2&offset=0&actorId=a%20b",
        200, page.formatted(listed("r-1") + "," + listed("r-2"), 0));
    answer(
        "/v1/override-requests?limit=2&offset=2&actorId=a%20b",
        200, page.formatted(listed("r-2") + "," + listed("r-3"), 2));
    CoordinatorClient client = new CoordinatorClient(URI.create(base.toString()));
    OverrideRequestQuery ofActor =
        new OverrideRequestQuery(Optional.empty(), Optional.of("a b"), 2, 0);

    List<OverrideRequestRecord> all = client.listAll(ofActor).body().orElseThrow();

    assertThat(all)
        .extracting(OverrideRequestRecord::coordinatorRequestId)
        .containsExactly("r-1", "r-2", "r-3");
    assertThat(received).hasSize(2);
  }

  @Test
  void listAllAnswersTheFirstPageThatFails() {
    answer(
        "/v1/override-requests",
        400,
        "{\"error\":{\"code\":\"VALIDATION_ERROR\",\"message\":\"limit\"}}");
    CoordinatorClient client = new CoordinatorClient(URI.create(base.toString()));

    assertThat(client.listAll(OverrideRequestQuery.first(Optional.empty())))
        .isInstanceOf(CoordinatorResult.Refused.class);
  }

  private static String listed(String id) {
    return "{\"coordinatorRequestId\":\"" + id + "\",\"status\":\"DENIED\"}";
  }

  @Test
  void anApprovalIsTheTokenOn200TheRecordOn202AndARefusalOn409() {
    answer("/v1/override-requests/r-1/approve", 200, "{\"tokenId\":\"t-1\",\"alg\":\"PS256\"}");
    answer(
        "/v1/override-requests/r-2/approve",
        202,
        "{\"coordinatorRequestId\":\"r-2\",\"status\":\"PENDING\",\"approvals\":1,"
            + "\"requiredApprovals\":2}");
    answer(
        "/v1/override-requests/r-3/approve",
        409,
        "{\"error\":{\"code\":\"ALREADY_APPROVED\",\"message\":\"again\"}}");
    CoordinatorClient client = new CoordinatorClient(base);
    ApproveOverrideRequest body = new ApproveOverrideRequest(null, null, null);

    OverrideApproval issued = client.approval("r-1", body).body().orElseThrow();
    OverrideApproval awaiting = client.approval("r-2", body).body().orElseThrow();
    CoordinatorResult<OverrideApproval> refused = client.approval("r-3", body);

    assertThat(issued.issued()).hasValueSatisfying(t -> assertThat(t.tokenId()).isEqualTo("t-1"));
    assertThat(issued.awaiting()).isEmpty();
    assertThat(awaiting.issued()).isEmpty();
    assertThat(awaiting.awaiting())
        .hasValueSatisfying(
            r -> {
              assertThat(r.approvals()).isEqualTo(1);
              assertThat(r.requiredApprovals()).isEqualTo(2);
            });
    assertThat(refused)
        .isInstanceOfSatisfying(
            CoordinatorResult.Refused.class,
            r -> assertThat(r.errorCode()).isEqualTo("ALREADY_APPROVED"));
    assertThat(received.get(0).body()).isEqualTo("{}");
  }

  @Test
  void aServerErrorIsUnavailableAndKeepsItsStatusAndBody() {
    answer("/v1/override-requests/r-1/deny", 500, "{\"error\":{\"code\":\"INTERNAL\"}}");

    CoordinatorResult<OverrideRequestRecord> result =
        new CoordinatorClient(base).deny("r-1", new DenyOverrideRequest("ops-1", "no"));

    assertThat(result)
        .isInstanceOfSatisfying(
            CoordinatorResult.Unavailable.class,
            u -> {
              assertThat(u.httpStatus()).isEqualTo(500);
              assertThat(u.rawBody().path("error").path("code").asText()).isEqualTo("INTERNAL");
            });
    assertThat(received.get(0).body()).isEqualTo("{\"keyId\":\"ops-1\",\"operatorNote\":\"no\"}");
  }

  @Test
  void getReadsTheRecordWithItsAuditTrailAsTheOtherCallsDo() {
    answer(
        "/v1/override-requests/6f1c2a9e-0b7d-4a53-9d8e-2c4f5a6b7c8d",
        200,
        "{\"coordinatorRequestId\":\"6f1c2a9e-0b7d-4a53-9d8e-2c4f5a6b7c8d\","
            + "\"status\":\"APPROVED\",\"approvals\":1,\"requiredApprovals\":1,"
            + "\"decidedBy\":\"operator-1\",\"tokenId\":\"t-1\","
            + "\"audit\":[{\"id\":\"e-1\",\"eventType\":\"SUBMITTED\","
            + "\"actorId\":\"evaluation-runtime\",\"timestamp\":\"2026-01-31T12:00:00Z\"},"
            + "{\"id\":\"e-2\",\"eventType\":\"APPROVED\",\"actorId\":\"operator-1\","
            + "\"timestamp\":\"2026-01-31T12:05:00Z\",\"note\":\"trend checked\"}]}");
    List<String> observed = new CopyOnWriteArrayList<>();
    CoordinatorClient client =
        new CoordinatorClient(
            base,
            Duration.ofSeconds(5),
            Optional.of("runtime-token"),
            operation -> {
              observed.add(operation);
              return new CallObserver.Call() {
                @Override
                public Map<String, String> headers() {
                  return Map.of("traceparent", "00-trace-span-01");
                }

                @Override
                public void finished(String outcome) {
                  observed.add(outcome);
                }
              };
            });

    OverrideRequestRecord record =
        client.get("6f1c2a9e-0b7d-4a53-9d8e-2c4f5a6b7c8d").body().orElseThrow();

    assertThat(record.status()).isEqualTo(OverrideRequestStatus.APPROVED);
    assertThat(record.decidedBy()).isEqualTo("operator-1");
    assertThat(record.audit())
        .extracting(AuditEvent::eventType, AuditEvent::actorId, AuditEvent::note)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple(
                AuditEventType.SUBMITTED, "evaluation-runtime", null),
            org.assertj.core.groups.Tuple.tuple(
                AuditEventType.APPROVED, "operator-1", "trend checked"));
    assertThat(record.audit().get(1).timestamp())
        .isEqualTo(java.time.Instant.parse("2026-01-31T12:05:00Z"));
    assertThat(received)
        .singleElement()
        .satisfies(
            r -> {
              assertThat(r.path())
                  .isEqualTo("/v1/override-requests/6f1c2a9e-0b7d-4a53-9d8e-2c4f5a6b7c8d");
              assertThat(r.authorization()).isEqualTo("Bearer runtime-token");
              assertThat(r.body()).isEmpty();
            });
    assertThat(observed).containsExactly("get", "success");
  }

  @Test
  void getOfAnUnknownOrForeignRequestIsARefusalAndADownCoordinatorUnavailable() {
    answer(
        "/v1/override-requests/r-1",
        404,
        "{\"error\":{\"code\":\"NOT_FOUND\",\"message\":\"override request r-1 not found\"}}");
    answer("/v1/override-requests/r-2", 503, "{\"error\":{\"code\":\"SERVICE_UNAVAILABLE\"}}");
    answers.put("/v1/override-requests/r-3", new Answer(200, "", true));
    CoordinatorClient client =
        new CoordinatorClient(base, Duration.ofMillis(800), Optional.empty());

    assertThat(client.get("r-1"))
        .isInstanceOfSatisfying(
            CoordinatorResult.Refused.class,
            r -> {
              assertThat(r.httpStatus()).isEqualTo(404);
              assertThat(r.errorCode()).isEqualTo("NOT_FOUND");
            });
    assertThat(client.get("r-2"))
        .isInstanceOfSatisfying(
            CoordinatorResult.Unavailable.class, u -> assertThat(u.httpStatus()).isEqualTo(503));
    assertThat(client.get("r-3"))
        .isInstanceOfSatisfying(
            CoordinatorResult.Unavailable.class,
            u -> assertThat(u.reason()).endsWith("no answer within 800 ms"));
  }

  private void answer(String path, int status, String body) {
    answers.put(path, new Answer(status, body, false));
  }

  private void handle(HttpExchange exchange) throws IOException {
    String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
    String path = exchange.getRequestURI().getPath();
    received.add(
        new Received(
            path,
            exchange.getRequestURI().getRawQuery(),
            exchange.getRequestHeaders().getFirst("Authorization"),
            body));
    String query = exchange.getRequestURI().getRawQuery();
    Answer answer =
        answers.getOrDefault(
            path + "?" + query, answers.getOrDefault(path, new Answer(404, "{}", false)));
    if (answer.hang()) {
      awaitRelease();
    }
    byte[] bytes = answer.body().getBytes(StandardCharsets.UTF_8);
    exchange.getResponseHeaders().add("Content-Type", "application/json");
    exchange.sendResponseHeaders(answer.status(), bytes.length == 0 ? -1 : bytes.length);
    try (OutputStream out = exchange.getResponseBody()) {
      out.write(bytes);
    }
  }

  private void awaitRelease() {
    try {
      release.await(30, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
