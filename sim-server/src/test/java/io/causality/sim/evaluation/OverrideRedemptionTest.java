package io.causality.sim.evaluation;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;
import io.causality.common.testing.TestClock;
import io.causality.hitl.protocol.client.CoordinatorClient;
import io.causality.hitl.protocol.crypto.KeyPairs;
import io.causality.hitl.protocol.crypto.PemKeys;
import io.causality.hitl.protocol.policy.CoordinatorKey;
import io.causality.hitl.protocol.policy.DeploymentPolicy;
import io.causality.hitl.protocol.policy.GatePolicy;
import io.causality.hitl.protocol.policy.OverrideTokenVerifier;
import io.causality.hitl.protocol.policy.PolicyAuthority;
import io.causality.hitl.protocol.wire.OverrideFailureReason;
import io.causality.hitl.protocol.wire.OverrideOutcome;
import io.causality.hitl.protocol.wire.OverrideOutcomeStatus;
import io.causality.hitl.protocol.wire.OverrideTokenPayload;
import io.causality.hitl.protocol.wire.OverrideTokens;
import io.causality.hitl.protocol.wire.ProtocolJson;
import io.causality.hitl.protocol.wire.RedeemRequest;
import io.causality.hitl.protocol.wire.RedeemResponse;
import io.causality.hitl.protocol.wire.RedeemStatus;
import io.causality.hitl.protocol.wire.RedemptionStatement;
import io.causality.hitl.protocol.wire.RequestHashes;
import io.causality.sim.testing.SimTestFixture;
import io.dropwizard.db.ManagedDataSource;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.security.KeyPair;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import org.jdbi.v3.core.Jdbi;
import org.jdbi.v3.sqlobject.SqlObjectPlugin;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A genuine token whose local checks pass, redeemed at a coordinator on loopback that answers as
 * told: only an acceptance of the very token presented, signed with the policy's coordinatorKey
 * over this redemption's nonce, lifts the rejection, and only once per token, whatever the
 * coordinator says afterwards (issue 26, item 6).
 */
class OverrideRedemptionTest {
  private static final ObjectMapper JSON = ProtocolJson.newMapper();
  private static final Instant NOW = Instant.parse("2026-11-26T12:00:00Z");
  private static final String LICENSE = "lic-1";
  private static final KeyPair AUTHORITY = KeyPairs.generate(2048, new SecureRandom());
  private static final KeyPair COORDINATOR = KeyPairs.generate(2048, new SecureRandom());
  private static final KeyPair STRANGER = KeyPairs.generate(2048, new SecureRandom());

  private static ManagedDataSource database;

  /** What the coordinator answers to each redemption it reads. */
  private final AtomicReference<Function<RedeemRequest, RedeemResponse>> answer =
      new AtomicReference<>();

  private final AtomicInteger calls = new AtomicInteger();
  private HttpServer coordinator;
  private OverrideRedemption redemption;
  private EvaluationRequests requests;

  @BeforeAll
  static void openDatabase() {
    database = SimTestFixture.migratedDatabase("applied-tokens");
  }

  @AfterAll
  static void closeDatabase() throws Exception {
    database.stop();
  }

  @BeforeEach
  void start() throws Exception {
    coordinator = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    coordinator.createContext(
        "/v1/override-tokens/redeem",
        exchange -> {
          calls.incrementAndGet();
          RedeemRequest request =
              JSON.readValue(exchange.getRequestBody().readAllBytes(), RedeemRequest.class);
          byte[] body = JSON.writeValueAsBytes(answer.get().apply(request));
          exchange.getResponseHeaders().set("Content-Type", "application/json");
          exchange.sendResponseHeaders(200, body.length);
          exchange.getResponseBody().write(body);
          exchange.close();
        });
    coordinator.start();
    DeploymentPolicy policy =
        new DeploymentPolicy(
                4,
                List.of(new PolicyAuthority("k1", "ops", PemKeys.toPem(AUTHORITY.getPublic()))),
                null,
                new GatePolicy("state_gate", "gamma", 0.35, "gammaTrend"))
            .withCoordinatorKey(
                new CoordinatorKey("coordinator", PemKeys.toPem(COORDINATOR.getPublic())));
    requests = new EvaluationRequests(StateGate.of(policy));
    URI url = URI.create("http://127.0.0.1:" + coordinator.getAddress().getPort());
    Jdbi jdbi = Jdbi.create(database).installPlugin(new SqlObjectPlugin());
    redemption =
        new OverrideRedemption(
            new OverrideTokenVerifier(policy, TestClock.stoppedAt(NOW)),
            new CoordinatorClient(url, Duration.ofSeconds(5), Optional.empty()),
            policy.policyVersion(),
            policy.coordinatorKey().publicKey(),
            new AppliedTokens(jdbi, TestClock.stoppedAt(NOW)),
            new SecureRandom());
  }

  @AfterEach
  void stop() {
    coordinator.stop(0);
  }

  @Test
  void aSignedAcceptanceOfThePresentedTokenApplies() throws Exception {
    answer.set(request -> signed(request, RedeemStatus.ACCEPTED, request.tokenId(), COORDINATOR));

    assertThat(redeem(newTokenId()).status()).isEqualTo(OverrideOutcomeStatus.APPLIED);
  }

  @Test
  void anAcceptanceOfAnotherTokenKeepsTheRejection() throws Exception {
    answer.set(request -> signed(request, RedeemStatus.ACCEPTED, newTokenId(), COORDINATOR));
    String tokenId = newTokenId();

    OverrideOutcome outcome = redeem(tokenId);

    assertThat(outcome.status()).isEqualTo(OverrideOutcomeStatus.REJECTED);
    assertThat(outcome.failureReason()).isEqualTo(OverrideFailureReason.COORDINATOR_UNAVAILABLE);
    assertThat(outcome.tokenId()).isEqualTo(tokenId);
  }

  @Test
  void anAcceptanceNamingNoTokenKeepsTheRejection() throws Exception {
    answer.set(request -> new RedeemResponse(RedeemStatus.ACCEPTED, null, NOW));
    assertThat(redeem(newTokenId()).status()).isEqualTo(OverrideOutcomeStatus.REJECTED);
  }

  @Test
  void aFakeCoordinatorsUnsignedAcceptanceKeepsTheRejection() throws Exception {
    answer.set(request -> new RedeemResponse(RedeemStatus.ACCEPTED, request.tokenId(), NOW));

    OverrideOutcome outcome = redeem(newTokenId());

    assertThat(outcome.status()).isEqualTo(OverrideOutcomeStatus.REJECTED);
    assertThat(outcome.failureReason()).isEqualTo(OverrideFailureReason.COORDINATOR_UNAVAILABLE);
  }

  @Test
  void anAcceptanceSignedWithAnotherKeyKeepsTheRejection() throws Exception {
    answer.set(request -> signed(request, RedeemStatus.ACCEPTED, request.tokenId(), STRANGER));

    assertThat(redeem(newTokenId()).failureReason())
        .isEqualTo(OverrideFailureReason.COORDINATOR_UNAVAILABLE);
  }

  @Test
  void aGenuineAnswerRecordedOnceDoesNotServeAnotherRedemption() throws Exception {
    String tokenId = newTokenId();
    answer.set(
        request -> {
          // an attacker replays what the coordinator once answered, for another nonce
          RedeemRequest earlier =
              new RedeemRequest(
                  request.tokenId(),
                  request.requestHash(),
                  request.policyVersion(),
                  request.licenseId(),
                  request.actorId(),
                  "an-earlier-nonce-0000");
          return signed(earlier, RedeemStatus.ACCEPTED, request.tokenId(), COORDINATOR);
        });

    assertThat(redeem(tokenId).failureReason())
        .isEqualTo(OverrideFailureReason.COORDINATOR_UNAVAILABLE);
  }

  @Test
  void aTokenAppliedOnceIsRefusedHereWhateverTheCoordinatorAnswers() throws Exception {
    // a coordinator restored from an old backup: it accepts the same token every time
    answer.set(request -> signed(request, RedeemStatus.ACCEPTED, request.tokenId(), COORDINATOR));
    String tokenId = newTokenId();

    OverrideOutcome first = redeem(tokenId);
    OverrideOutcome second = redeem(tokenId);
    OverrideOutcome third = redeem(tokenId);

    assertThat(first.status()).isEqualTo(OverrideOutcomeStatus.APPLIED);
    for (OverrideOutcome again : List.of(second, third)) {
      assertThat(again.status()).isEqualTo(OverrideOutcomeStatus.REJECTED);
      assertThat(again.failureReason()).isEqualTo(OverrideFailureReason.REPLAY_DETECTED);
    }
    assertThat(calls.get()).as("the coordinator was asked once").isEqualTo(1);
  }

  private static RedeemResponse signed(
      RedeemRequest request, RedeemStatus status, String tokenId, KeyPair key) {
    return RedemptionStatement.sign(
        request, new RedeemResponse(status, tokenId, NOW), key.getPrivate(), "coordinator");
  }

  private static String newTokenId() {
    return UUID.randomUUID().toString();
  }

  private OverrideOutcome redeem(String tokenId) throws Exception {
    EvaluationInput input =
        requests.parse(
            JSON.readTree(
                """
                    {"envelopeVersion": 1, "requestId": "r", "actorId": "a",
                     "snapshot": {"timestamp": "t", "metrics": {"gamma": 0.2}}}"""));
    OverrideTokenPayload payload =
        new OverrideTokenPayload(
            tokenId,
            "req-1",
            RequestHashes.requestHash(input.json()),
            null,
            4,
            LICENSE,
            "a",
            "ops",
            "k1",
            NOW.minusSeconds(60),
            NOW.plusSeconds(600));
    return redemption.redeem(
        input, JSON.valueToTree(OverrideTokens.sign(payload, AUTHORITY.getPrivate())), LICENSE);
  }
}
