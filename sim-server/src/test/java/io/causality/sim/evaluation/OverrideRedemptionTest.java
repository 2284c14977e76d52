package io.causality.sim.evaluation;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;
import io.causality.common.testing.TestClock;
import io.causality.hitl.protocol.client.CoordinatorClient;
import io.causality.hitl.protocol.crypto.PemKeys;
import io.causality.hitl.protocol.policy.DeploymentPolicy;
import io.causality.hitl.protocol.policy.GatePolicy;
import io.causality.hitl.protocol.policy.OverrideTokenVerifier;
import io.causality.hitl.protocol.policy.PolicyAuthority;
import io.causality.hitl.protocol.wire.OverrideFailureReason;
import io.causality.hitl.protocol.wire.OverrideOutcome;
import io.causality.hitl.protocol.wire.OverrideOutcomeStatus;
import io.causality.hitl.protocol.wire.OverrideTokenPayload;
import io.causality.hitl.protocol.wire.OverrideTokens;
import io.causality.hitl.protocol.wire.RequestHashes;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A genuine token whose local checks pass, redeemed at a coordinator on loopback that answers as
 * told: only an acceptance of the very token presented lifts the rejection.
 */
class OverrideRedemptionTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Instant NOW = Instant.parse("2026-11-26T12:00:00Z");
  private static final String LICENSE = "lic-1";

  private final AtomicReference<String> answer = new AtomicReference<>();
  private HttpServer coordinator;
  private KeyPair authority;
  private OverrideRedemption redemption;
  private EvaluationRequests requests;

  @BeforeEach
  void start() throws Exception {
    coordinator = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    coordinator.createContext(
        "/v1/override-tokens/redeem",
        exchange -> {
          exchange.getRequestBody().readAllBytes();
          byte[] body = answer.get().getBytes(StandardCharsets.UTF_8);
          exchange.getResponseHeaders().set("Content-Type", "application/json");
          exchange.sendResponseHeaders(200, body.length);
          exchange.getResponseBody().write(body);
          exchange.close();
        });
    coordinator.start();
    KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
    generator.initialize(2048);
    authority = generator.generateKeyPair();
    DeploymentPolicy policy =
        new DeploymentPolicy(
            4,
            List.of(new PolicyAuthority("k1", "ops", PemKeys.toPem(authority.getPublic()))),
            null,
            new GatePolicy("state_gate", "gamma", 0.35, "gammaTrend"));
    requests = new EvaluationRequests(StateGate.of(policy));
    URI url = URI.create("http://127.0.0.1:" + coordinator.getAddress().getPort());
    redemption =
        new OverrideRedemption(
            new OverrideTokenVerifier(policy, TestClock.stoppedAt(NOW)),
            new CoordinatorClient(url, Duration.ofSeconds(5), Optional.empty()),
            policy.policyVersion());
  }

  @AfterEach
  void stop() {
    coordinator.stop(0);
  }

  @Test
  void anAcceptanceOfThePresentedTokenApplies() throws Exception {
    answer.set("{\"status\": \"ACCEPTED\", \"tokenId\": \"t-1\"}");
    OverrideOutcome outcome = redeem("t-1");
    assertThat(outcome.status()).isEqualTo(OverrideOutcomeStatus.APPLIED);
  }

  @Test
  void anAcceptanceOfAnotherTokenKeepsTheRejection() throws Exception {
    answer.set("{\"status\": \"ACCEPTED\", \"tokenId\": \"t-2\"}");
    OverrideOutcome outcome = redeem("t-1");
    assertThat(outcome.status()).isEqualTo(OverrideOutcomeStatus.REJECTED);
    assertThat(outcome.failureReason()).isEqualTo(OverrideFailureReason.COORDINATOR_UNAVAILABLE);
    assertThat(outcome.tokenId()).isEqualTo("t-1");
  }

  @Test
  void anAcceptanceNamingNoTokenKeepsTheRejection() throws Exception {
    answer.set("{\"status\": \"ACCEPTED\"}");
    assertThat(redeem("t-1").status()).isEqualTo(OverrideOutcomeStatus.REJECTED);
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
        input, JSON.valueToTree(OverrideTokens.sign(payload, authority.getPrivate())), LICENSE);
  }
}
