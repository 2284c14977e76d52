package io.causality.hitl.coordinator.reload;

import static io.causality.hitl.coordinator.OverrideBodies.approve;
import static io.causality.hitl.coordinator.OverrideBodies.redeem;
import static io.causality.hitl.coordinator.OverrideBodies.submission;
import static io.causality.hitl.coordinator.reload.RotationDeployment.KEY_A;
import static io.causality.hitl.coordinator.reload.RotationDeployment.KEY_B;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.causality.common.testing.Await;
import io.causality.common.testing.TestClock;
import io.causality.hitl.coordinator.ClockedCoordinator;
import io.causality.hitl.coordinator.CoordinatorConfiguration;
import io.causality.hitl.coordinator.CoordinatorHttp;
import io.causality.hitl.coordinator.crypto.TestKeyPairs;
import io.causality.hitl.protocol.wire.OverrideTokenEnvelope;
import io.causality.hitl.protocol.wire.OverrideTokenPayload;
import io.causality.hitl.protocol.wire.OverrideTokens;
import io.causality.hitl.protocol.wire.ProtocolJson;
import io.dropwizard.testing.DropwizardTestSupport;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Rotating operator-1's authority key while the coordinator serves (docs/operations.md, "Rotating
 * an authority key"): a token signed with key A before the rotation still redeems, new approvals
 * are signed with key B, A signs nothing more, and a bad new set is refused while the set in force
 * keeps serving. Reloads go through the admin task, and once through SIGHUP.
 */
class KeyRotationIntegrationTest {
  private static final String REQUESTS = "/v1/override-requests";

  private final TestClock clock = new TestClock();
  private RotationDeployment deployment;
  private DropwizardTestSupport<CoordinatorConfiguration> coordinator;
  private CoordinatorHttp http;

  @BeforeEach
  void start() throws Exception {
    deployment = new RotationDeployment();
    Path v7 = deployment.policy("policy-v7.json", 7, false, TestKeyPairs.POLICY_SIGNING);
    deployment.configure(v7, null, false);
    coordinator = ClockedCoordinator.support(clock, deployment.config().toString());
    coordinator.before();
    http = CoordinatorHttp.callers(coordinator.getLocalPort());
  }

  @AfterEach
  void stop() {
    coordinator.after();
  }

  @Test
  void aTokenOfTheRetiredKeyRedeemsAndNewApprovalsUseTheNewKey() {
    String first = submit("actor-rotation-1");
    JsonNode tokenA = approveWith(first, KEY_A).body();
    String pending = submit("actor-rotation-2");

    rotateToB();

    CoordinatorHttp.Answer refused = approveWith(pending, KEY_A);
    assertThat(refused.status()).isEqualTo(400);
    assertThat(refused.text()).contains("retired");
    JsonNode tokenB = approveWith(pending, KEY_B).body();
    assertThat(tokenB.get("keyId").asText()).isEqualTo(KEY_B);
    assertThat(verifies(tokenB, TestKeyPairs.ALICE_NEXT.getPublic())).isTrue();
    assertThat(verifies(tokenB, TestKeyPairs.ALICE.getPublic())).isFalse();

    assertThat(redeemed(tokenA, first)).isEqualTo("ACCEPTED");
    assertThat(redeemed(tokenB, pending)).isEqualTo("ACCEPTED");
  }

  @Test
  void aPolicyWithABadSignatureIsRefusedAndTheSetInForceKeepsServing() {
    rotateToB();
    Path forged = deployment.policy("policy-forged.json", 7, true, TestKeyPairs.BOB);
    deployment.configure(forged, clock.instant(), true);

    HttpResponse<String> answer = deployment.reload(coordinator.getAdminPort());

    assertThat(answer.statusCode()).isEqualTo(422);
    assertThat(answer.body()).contains("RELOAD_REFUSED").contains("signature");
    String id = submit("actor-after-refusal");
    assertThat(approveWith(id, KEY_B).body().get("keyId").asText()).isEqualTo(KEY_B);
    assertThat(approveWith(submit("actor-after-refusal-a"), KEY_A).status()).isEqualTo(400);
  }

  @Test
  void aLowerVersionOrOtherRulesUnderTheSameVersionAreRefused() {
    Path v6 = deployment.policy("policy-v6.json", 6, true, TestKeyPairs.POLICY_SIGNING);
    deployment.configure(v6, null, true);
    assertRefused("lower than 7");

    Path sameVersionOtherRules =
        deployment.policy("policy-v7-rules.json", 7, 900_000, true, TestKeyPairs.POLICY_SIGNING);
    deployment.configure(sameVersionOtherRules, null, true);
    assertRefused("raise policyVersion");

    // still the set it started with: B is not configured
    assertThat(approveWith(submit("actor-still-a"), KEY_B).status()).isEqualTo(400);
  }

  @Test
  void aKeyThatDoesNotMatchThePolicyIsRefused() {
    // B configured, but the policy does not list it: the startup check of the keys refuses
    Path v7 = deployment.policy("policy-v7-without-b.json", 7, false, TestKeyPairs.POLICY_SIGNING);
    deployment.configure(v7, null, true);
    assertRefused("ops-1-next: keyId is not an authority");
  }

  @Test
  void aCoordinatorKeyThatIsNotThePolicysIsRefused() {
    Path v7 = deployment.policy("policy-v7-same.json", 7, false, TestKeyPairs.POLICY_SIGNING);
    Path other = deployment.writePrivateKey("other-coordinator.pem", TestKeyPairs.BOB);
    deployment.configure(v7, null, false, other);
    assertRefused("does not match the coordinatorKey");

    // the keys in force still sign: a token of A and the redemption answer
    String id = submit("actor-after-coordinator-key");
    assertThat(redeemed(approveWith(id, KEY_A).body(), id)).isEqualTo("ACCEPTED");
  }

  /** The hitl section of a new version takes effect at once: its quorum, shown in records too. */
  @Test
  void aNewQuorumDecidesFromTheReloadOn() {
    String before = submit("actor-quorum-before");
    Path v8 =
        deployment.policy(
            "policy-v8-quorum.json",
            8,
            RotationDeployment.MAX_TOKEN_TTL_MS,
            2,
            false,
            TestKeyPairs.POLICY_SIGNING);
    deployment.configure(v8, null, false);
    HttpResponse<String> answer = deployment.reload(coordinator.getAdminPort());
    assertThat(answer.statusCode()).as(answer.body()).isEqualTo(200);

    JsonNode approval = approveWith(submit("actor-quorum-after"), KEY_A).body();
    assertThat(approval.path("outcome").asText())
        .as(approval.toString())
        .isEqualTo("AWAITING_APPROVALS");
    assertThat(approval.path("requiredApprovals").asInt()).isEqualTo(2);
    assertThat(http.get(REQUESTS + "/" + before).body().path("requiredApprovals").asInt())
        .isEqualTo(2);
  }

  @Test
  void anInvalidConfigurationIsRefused() throws Exception {
    java.nio.file.Files.writeString(deployment.config(), "bind: [not, an, address]\n");
    assertRefused("invalid configuration");
  }

  /** {@code systemctl reload} sends SIGHUP: a new policy version serves once it is handled. */
  @Test
  void sighupReloads() throws Exception {
    Path v8 = deployment.policy("policy-v8.json", 8, true, TestKeyPairs.POLICY_SIGNING);
    deployment.configure(v8, null, true);

    Process kill =
        new ProcessBuilder("kill", "-HUP", String.valueOf(ProcessHandle.current().pid()))
            .inheritIO()
            .start();
    assertThat(kill.waitFor()).isZero();

    Await.until(
        "tokens bound to policy version 8",
        Duration.ofSeconds(30),
        () ->
            payload(approveWith(submit("actor-hup-" + System.nanoTime()), KEY_B).body())
                .map(p -> p.policyVersion() == 8)
                .orElse(false));
  }

  private void rotateToB() {
    Path v7 = deployment.policy("policy-v7-rotated.json", 7, true, TestKeyPairs.POLICY_SIGNING);
    deployment.configure(v7, clock.instant(), true);
    HttpResponse<String> answer = deployment.reload(coordinator.getAdminPort());
    assertThat(answer.statusCode()).as(answer.body()).isEqualTo(200);
    assertThat(answer.body()).contains("\"reloaded\":true").contains(KEY_B);
  }

  private void assertRefused(String reason) {
    HttpResponse<String> answer = deployment.reload(coordinator.getAdminPort());
    assertThat(answer.statusCode()).as(answer.body()).isEqualTo(422);
    assertThat(answer.body()).contains("RELOAD_REFUSED").contains(reason);
  }

  private String submit(String actor) {
    CoordinatorHttp.Answer answer = http.post(REQUESTS, submission(actor));
    assertThat(answer.status()).as(answer.text()).isEqualTo(201);
    return answer.body().get("coordinatorRequestId").asText();
  }

  private CoordinatorHttp.Answer approveWith(String id, String keyId) {
    return http.post(REQUESTS + "/" + id + "/approve", approve(keyId));
  }

  private String redeemed(JsonNode token, String id) {
    JsonNode record = http.get(REQUESTS + "/" + id).body();
    return http.post("/v1/override-tokens/redeem", redeem(token, record))
        .body()
        .get("status")
        .asText();
  }

  static Optional<OverrideTokenPayload> payload(JsonNode token) {
    return OverrideTokens.parsePayload(token.path("payload").asText(""));
  }

  static boolean verifies(JsonNode token, java.security.PublicKey key) {
    try {
      OverrideTokenEnvelope envelope =
          ProtocolJson.newMapper().treeToValue(token, OverrideTokenEnvelope.class);
      return OverrideTokens.verify(envelope, key).isPresent();
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}
