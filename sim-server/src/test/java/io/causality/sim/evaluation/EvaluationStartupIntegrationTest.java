package io.causality.sim.evaluation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.causality.hitl.protocol.crypto.KeyPairs;
import io.causality.hitl.protocol.crypto.PemKeys;
import io.causality.hitl.protocol.policy.DeploymentPolicy;
import io.causality.hitl.protocol.policy.GatePolicy;
import io.causality.hitl.protocol.policy.PolicyFiles;
import io.causality.sim.SimApplication;
import io.causality.sim.SimConfiguration;
import io.causality.sim.core.organization.OrganizationAdmin;
import io.causality.sim.testing.SimTestFixture;
import io.dropwizard.testing.ConfigOverride;
import io.dropwizard.testing.DropwizardTestSupport;
import io.dropwizard.testing.ResourceHelpers;
import io.dropwizard.testing.junit5.DropwizardAppExtension;
import io.dropwizard.testing.junit5.DropwizardExtensionsSupport;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Evaluation at start: no policyPath leaves the endpoint answering 503; a configured policy that is
 * missing or has no gate stops the start with a line naming the file.
 */
@ExtendWith(DropwizardExtensionsSupport.class)
class EvaluationStartupIntegrationTest {
  static final DropwizardAppExtension<SimConfiguration> WITHOUT_POLICY = SimTestFixture.app();

  @Test
  void withoutAPolicyTheEndpointAnswers503() {
    OrganizationAdmin admin = SimTestFixture.admin(WITHOUT_POLICY);
    String slug = SimTestFixture.organization(admin, "community").slug();
    String key = admin.createApiKey(slug, "simulation:write").key();
    String body = TwoServices.request("a", 0.5, 0, "l").toString();
    JsonNode answer =
        TwoServices.json(
            TwoServices.post(
                "http://127.0.0.1:" + WITHOUT_POLICY.getLocalPort() + "/v1/evaluations", body, key),
            503);
    assertThat(answer.get("error").get("code").asText()).isEqualTo("EVALUATION_DISABLED");
  }

  @Test
  void withoutAPolicyAnEvaluationsOverrideRequestAnswers503() {
    OrganizationAdmin admin = SimTestFixture.admin(WITHOUT_POLICY);
    String slug = SimTestFixture.organization(admin, "community").slug();
    String key = admin.createApiKey(slug, "simulation:read,simulation:write").key();
    String id =
        TwoServices.simulation(
            "http://127.0.0.1:" + WITHOUT_POLICY.getLocalPort(), key, 0.2, 0.3, 1);
    // evaluations are kept whether or not the gate is configured: one made before it was removed
    String evaluation =
        TwoServices.recordEvaluation(
            SimTestFixture.jdbi(WITHOUT_POLICY), id, java.util.UUID.randomUUID().toString());

    JsonNode answer =
        TwoServices.json(
            new SimTestFixture.Client(WITHOUT_POLICY)
                .getWithKey(
                    "/v1/simulations/" + id + "/evaluations/" + evaluation + "/override-request",
                    key),
            503);

    assertThat(answer.get("error").get("code").asText()).isEqualTo("EVALUATION_DISABLED");
  }

  @Test
  void aMissingPolicyFileStopsTheStart() throws Exception {
    Path missing = SimTestFixture.tempDirectory().resolve("no-such-policy.json");
    assertThatThrownBy(() -> start(missing))
        .hasRootCauseInstanceOf(java.nio.file.NoSuchFileException.class)
        .satisfies(
            e ->
                assertThat(message(e))
                    .contains("evaluation.policyPath " + missing)
                    .contains("cannot read the file"));
  }

  @Test
  void aPolicyWithoutAGateStopsTheStart() throws Exception {
    Path policy =
        Files.writeString(
            SimTestFixture.tempDirectory().resolve("policy.json"),
            "{\"policy\":{\"policyVersion\":2,\"hitl\":{\"maxTokenTtlMs\":60000}}}");
    assertThatThrownBy(() -> start(policy))
        .satisfies(
            e ->
                assertThat(message(e))
                    .contains("evaluation.policyPath " + policy)
                    .contains("policy.gate"));
  }

  @Test
  void aPolicyWithoutTheCoordinatorKeyStopsTheStart() throws Exception {
    // Without it a redemption answer cannot be told from a fake coordinator's (issue 26, item 6).
    Path policy =
        Files.writeString(
            SimTestFixture.tempDirectory().resolve("policy.json"),
            "{\"policy\":{\"policyVersion\":2,\"gate\":{\"gammaFloor\":0.35}}}");
    assertThatThrownBy(() -> start(policy))
        .satisfies(
            e ->
                assertThat(message(e))
                    .contains("evaluation.policyPath " + policy)
                    .contains("no coordinatorKey"));
  }

  @Test
  void anUnparseablePolicyStopsTheStart() throws Exception {
    Path policy =
        Files.writeString(
            SimTestFixture.tempDirectory().resolve("policy.json"),
            "{\"policy\":{\"policyVersion\":-1}}");
    assertThatThrownBy(() -> start(policy))
        .satisfies(
            e ->
                assertThat(message(e))
                    .contains("evaluation.policyPath " + policy)
                    .contains("policyVersion"));
  }

  @Test
  void aBlankTrustedKeyPathOrARequiredSignatureWithoutAKeyStopsTheStart() throws Exception {
    Path policy =
        Files.writeString(
            SimTestFixture.tempDirectory().resolve("policy.json"),
            "{\"policy\":{\"policyVersion\":2,\"gate\":{\"gammaFloor\":0.35}}}");
    assertThatThrownBy(
            () -> start(policy, ConfigOverride.config("evaluation.trustedPolicyKeyPemPath", "")))
        .satisfies(
            e ->
                assertThat(message(e))
                    .startsWith("evaluation.trustedPolicyKeyPemPath is set but blank"));
    assertThatThrownBy(
            () -> start(policy, ConfigOverride.config("evaluation.requirePolicySignature", "true")))
        .satisfies(
            e ->
                assertThat(message(e))
                    .contains("is not signed and requirePolicySignature is true")
                    .contains("evaluation.trustedPolicyKeyPemPath"));
  }

  @Test
  void aPolicyNotSignedByTheTrustedKeyStopsTheStart() throws Exception {
    KeyPair signing = KeyPairs.generate(KeyPairs.MIN_BITS, new SecureRandom());
    KeyPair other = KeyPairs.generate(KeyPairs.MIN_BITS, new SecureRandom());
    DeploymentPolicy gateOnly =
        new DeploymentPolicy(
            2, List.of(), null, new GatePolicy("state_gate", "gamma", 0.35, "gammaTrend"));
    Path dir = SimTestFixture.tempDirectory();
    Path policy =
        Files.writeString(
            dir.resolve("signed-policy.json"),
            PolicyFiles.write(PolicyFiles.sign(gateOnly, signing.getPrivate(), "sign-1")));
    Path trusted = Files.writeString(dir.resolve("other.pem"), PemKeys.toPem(other.getPublic()));

    assertThatThrownBy(
            () ->
                start(
                    policy,
                    ConfigOverride.config(
                        "evaluation.trustedPolicyKeyPemPath", trusted.toString())))
        .satisfies(
            e ->
                assertThat(message(e))
                    .isEqualTo(
                        "policy file "
                            + policy
                            + ": signature does not verify with trusted policy key "
                            + trusted));
  }

  private static void start(Path policy, ConfigOverride... extra) throws Exception {
    List<ConfigOverride> overrides =
        new ArrayList<>(
            SimTestFixture.databaseOverrides(SimTestFixture.tempDirectory().resolve("sim")));
    overrides.add(ConfigOverride.config("evaluation.policyPath", policy.toString()));
    overrides.addAll(List.of(extra));
    DropwizardTestSupport<SimConfiguration> support =
        new DropwizardTestSupport<>(
            SimApplication.class,
            ResourceHelpers.resourceFilePath("configs/minimal.yml"),
            overrides.toArray(ConfigOverride[]::new));
    try {
      support.before();
    } finally {
      support.after();
    }
  }

  /** The message of the EvaluationPolicyException in the chain. */
  private static String message(Throwable error) {
    for (Throwable e = error; e != null; e = e.getCause()) {
      if (e instanceof EvaluationPolicyException) {
        return e.getMessage();
      }
    }
    return "";
  }
}
