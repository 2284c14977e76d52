package io.causality.sim.evaluation;

import static io.causality.sim.evaluation.TwoServices.json;
import static io.causality.sim.evaluation.TwoServices.licenseOf;
import static io.causality.sim.evaluation.TwoServices.post;
import static io.causality.sim.evaluation.TwoServices.request;
import static io.causality.sim.evaluation.TwoServices.withToken;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.causality.hitl.protocol.crypto.KeyPairs;
import io.causality.hitl.protocol.crypto.PemKeys;
import io.causality.hitl.protocol.policy.AdaptiveEscalationPolicy;
import io.causality.hitl.protocol.policy.CoordinatorKey;
import io.causality.hitl.protocol.policy.DeploymentPolicy;
import io.causality.hitl.protocol.policy.GatePolicy;
import io.causality.hitl.protocol.policy.HitlPolicy;
import io.causality.hitl.protocol.policy.PolicyAuthority;
import io.causality.hitl.protocol.policy.PolicyFiles;
import io.causality.hitl.protocol.wire.OverrideTokenPayload;
import io.causality.hitl.protocol.wire.OverrideTokens;
import io.causality.hitl.protocol.wire.ProtocolJson;
import io.causality.hitl.protocol.wire.RequestHashes;
import io.causality.sim.SimConfiguration;
import io.causality.sim.core.organization.OrganizationAdmin;
import io.causality.sim.db.OrganizationRow;
import io.causality.sim.testing.SimTestFixture;
import io.dropwizard.testing.ConfigOverride;
import io.dropwizard.testing.junit5.DropwizardAppExtension;
import io.dropwizard.testing.junit5.DropwizardExtensionsSupport;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.security.SecureRandom;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * sim-server reloads its deployment policy while serving (docs/operations.md, "Reloading the policy
 * and keys"): the authorities it verifies override tokens with change at once, a policy with a bad
 * signature or a lower version is refused and the one in force keeps serving, and a new version
 * makes tokens of the old one stop binding. The coordinator is unreachable on purpose: a token that
 * passes the local checks ends as {@code CoordinatorUnavailable}, one that fails them never gets
 * that far.
 */
@ExtendWith(DropwizardExtensionsSupport.class)
class PolicyReloadIntegrationTest {
  private static final ObjectMapper JSON = ProtocolJson.newMapper();
  private static final SecureRandom RANDOM = new SecureRandom();
  private static final KeyPair SIGNING = KeyPairs.generate(2048, RANDOM);
  private static final KeyPair ROGUE = KeyPairs.generate(2048, RANDOM);
  private static final KeyPair KEY_A = KeyPairs.generate(2048, RANDOM);
  private static final KeyPair KEY_B = KeyPairs.generate(2048, RANDOM);
  private static final KeyPair COORDINATOR = KeyPairs.generate(2048, RANDOM);
  private static final Path DIR = SimTestFixture.tempDirectory();
  private static final Path POLICY = DIR.resolve("policy.json");

  static {
    writePolicy(7, false, SIGNING);
  }

  static final DropwizardAppExtension<SimConfiguration> SIM =
      SimTestFixture.app(
          ConfigOverride.config("rateLimits.enabled", "false"),
          ConfigOverride.config("evaluation.policyPath", POLICY.toString()),
          ConfigOverride.config("evaluation.trustedPolicyKeyPemPath", trustedKey().toString()),
          ConfigOverride.config("evaluation.coordinatorUrl", "http://127.0.0.1:9"),
          ConfigOverride.config("evaluation.timeout", "2 seconds"));

  static String writer;
  static String license;

  @BeforeAll
  static void caller() {
    OrganizationAdmin admin = SimTestFixture.admin(SIM);
    OrganizationRow organization = SimTestFixture.organization(admin, "community");
    writer = admin.createApiKey(organization.slug(), "simulation:write,org:read").key();
    license = licenseOf(base(), organization.id(), writer);
  }

  @Test
  void newAuthoritiesVerifyAtOnceAndABadPolicyLeavesTheOldOneServing() {
    assertThat(outcome("ops-1-next", KEY_B, 7)).isEqualTo("InvalidSignature");

    writePolicy(7, true, SIGNING);
    assertThat(reload().statusCode()).isEqualTo(200);
    assertThat(outcome("ops-1-next", KEY_B, 7)).isEqualTo("CoordinatorUnavailable");
    assertThat(outcome("ops-1", KEY_A, 7)).isEqualTo("CoordinatorUnavailable");

    writePolicy(7, false, ROGUE);
    HttpResponse<String> forged = reload();
    assertThat(forged.statusCode()).isEqualTo(422);
    assertThat(forged.body()).contains("RELOAD_REFUSED").contains("signature");
    assertThat(outcome("ops-1-next", KEY_B, 7)).isEqualTo("CoordinatorUnavailable");

    writePolicy(6, true, SIGNING);
    assertThat(reload().body()).contains("lower than 7");

    // redemption answers are verified with the policy's coordinatorKey: a policy without is refused
    writePolicy(8, true, SIGNING, false);
    HttpResponse<String> keyless = reload();
    assertThat(keyless.statusCode()).isEqualTo(422);
    assertThat(keyless.body()).contains("RELOAD_REFUSED").contains("no coordinatorKey");
    assertThat(outcome("ops-1-next", KEY_B, 7)).isEqualTo("CoordinatorUnavailable");

    writePolicy(8, true, SIGNING);
    assertThat(reload().statusCode()).isEqualTo(200);
    assertThat(outcome("ops-1-next", KEY_B, 7)).isEqualTo("BindingMismatch");
    assertThat(outcome("ops-1-next", KEY_B, 8)).isEqualTo("CoordinatorUnavailable");
  }

  /** The failure reason of an evaluation that carries a token of {@code keyId} signed by key. */
  private static String outcome(String keyId, KeyPair key, long policyVersion) {
    ObjectNode evaluation = request("actor-reload", 0.1, -0.01, license);
    Instant now = Instant.now().truncatedTo(ChronoUnit.MILLIS);
    OverrideTokenPayload payload =
        new OverrideTokenPayload(
            UUID.randomUUID().toString(),
            UUID.randomUUID().toString(),
            RequestHashes.requestHash(evaluation),
            null,
            policyVersion,
            license,
            "actor-reload",
            "operator-1",
            keyId,
            now,
            now.plusSeconds(300));
    JsonNode token = JSON.valueToTree(OverrideTokens.sign(payload, key.getPrivate()));
    JsonNode answer =
        json(
            post(base() + "/v1/evaluations", withToken(evaluation, token).toString(), writer), 200);
    return answer.path("overrideOutcome").path("failureReason").asText();
  }

  /** The admin task, with the admin port's token. */
  private static HttpResponse<String> reload() {
    try {
      String token =
          Files.readString(SIM.getConfiguration().getAdmin().tokenFileOf("sim-server")).strip();
      return TwoServices.postWithHeader(
          "http://127.0.0.1:" + SIM.getAdminPort() + "/tasks/reload-policy",
          "Authorization",
          "Bearer " + token);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static String base() {
    return "http://127.0.0.1:" + SIM.getLocalPort();
  }

  private static void writePolicy(long version, boolean withB, KeyPair signing) {
    writePolicy(version, withB, signing, true);
  }

  private static void writePolicy(
      long version, boolean withB, KeyPair signing, boolean withCoordinatorKey) {
    List<PolicyAuthority> authorities = new ArrayList<>();
    authorities.add(new PolicyAuthority("ops-1", "operator-1", PemKeys.toPem(KEY_A.getPublic())));
    if (withB) {
      authorities.add(
          new PolicyAuthority("ops-1-next", "operator-1", PemKeys.toPem(KEY_B.getPublic())));
    }
    DeploymentPolicy policy =
        new DeploymentPolicy(
            version,
            authorities,
            new HitlPolicy(600_000, AdaptiveEscalationPolicy.DISABLED),
            new GatePolicy("state_gate", "gamma", 0.35, "gammaTrend"),
            withCoordinatorKey
                ? new CoordinatorKey("coordinator", PemKeys.toPem(COORDINATOR.getPublic()))
                : null);
    try {
      Files.writeString(
          POLICY, PolicyFiles.write(PolicyFiles.sign(policy, signing.getPrivate(), "signing")));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static Path trustedKey() {
    Path file = DIR.resolve("policy-signing.pub.pem");
    try {
      return Files.writeString(file, PemKeys.toPem(SIGNING.getPublic()));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
