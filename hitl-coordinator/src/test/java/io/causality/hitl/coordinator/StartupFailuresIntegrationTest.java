package io.causality.hitl.coordinator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import io.causality.hitl.coordinator.crypto.TestKeyPairs;
import io.causality.hitl.coordinator.policy.StartupCheckException;
import io.causality.hitl.protocol.crypto.PemKeys;
import io.causality.hitl.protocol.policy.AdaptiveEscalationPolicy;
import io.causality.hitl.protocol.policy.DeploymentPolicy;
import io.causality.hitl.protocol.policy.PolicyAuthority;
import io.causality.hitl.protocol.policy.PolicyFiles;
import io.causality.hitl.protocol.policy.SignedPolicy;
import io.dropwizard.configuration.ConfigurationValidationException;
import io.dropwizard.core.cli.Cli;
import io.dropwizard.core.setup.Bootstrap;
import io.dropwizard.jersey.validation.Validators;
import io.dropwizard.testing.DropwizardTestSupport;
import io.dropwizard.testing.ResourceHelpers;
import io.dropwizard.util.JarLocation;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Each startup check stops the start with one line naming the file and the problem: the spec's five
 * (policy loads, has hitl, default TTL within the cap, keys match the policy, no duplicate key
 * ids), the policy's signature when a trusted key is configured, and duplicate caller tokens.
 * Through the {@code serve} command the line is all an operator sees.
 */
class StartupFailuresIntegrationTest {
  static final TestDeployment DEPLOYMENT = TestDeployment.plain();
  static final String MINIMAL = "configs/minimal.yml";

  private static StartupCheckException startFailure(String config, String... overrides) {
    DropwizardTestSupport<CoordinatorConfiguration> support =
        new DropwizardTestSupport<>(
            CoordinatorApplication.class,
            ResourceHelpers.resourceFilePath(config),
            DEPLOYMENT.overrides(overrides));
    try {
      support.before();
    } catch (StartupCheckException e) {
      return e;
    } catch (Exception e) {
      fail("expected a startup check failure, got " + e, e);
    } finally {
      support.after();
    }
    return fail("the coordinator started");
  }

  private static String path(Path file) {
    return file.toString();
  }

  @Test
  void aMissingPolicyFile() {
    Path missing = DEPLOYMENT.dir().resolve("nowhere.json");
    assertThat(startFailure(MINIMAL, "policy.path", path(missing)))
        .hasMessage("policy file " + missing + ": no such file");
  }

  @Test
  void aPolicyThatDoesNotParse() {
    Path broken = DEPLOYMENT.write("broken.json", "{\"policy\": {\"policyVersion\": ");
    assertThat(startFailure(MINIMAL, "policy.path", path(broken)).getMessage())
        .startsWith("policy file " + broken + ": not valid JSON at line 1")
        .doesNotContain("\n");
    Path invalid = DEPLOYMENT.write("invalid.json", "{\"policy\": {\"policyVersion\": -1}}");
    assertThat(startFailure(MINIMAL, "policy.path", path(invalid)))
        .hasMessage(
            "policy file " + invalid + ": policy.policyVersion: must be a positive " + "integer");
  }

  @Test
  void aPolicyWithoutHitlSection() throws Exception {
    DeploymentPolicy noHitl =
        new DeploymentPolicy(
            TestDeployment.POLICY_VERSION,
            List.of(
                new PolicyAuthority(
                    TestDeployment.KEY_ID,
                    TestDeployment.OPERATOR_ID,
                    PemKeys.toPem(TestKeyPairs.ALICE.getPublic()))),
            null,
            null);
    SignedPolicy signed =
        PolicyFiles.sign(noHitl, TestKeyPairs.POLICY_SIGNING.getPrivate(), "policy-signing");
    Path file = DEPLOYMENT.write("no-hitl.json", PolicyFiles.write(signed));

    assertThat(startFailure(MINIMAL, "policy.path", path(file)))
        .hasMessage("policy file " + file + ": no hitl section");
  }

  @Test
  void aDefaultTokenLifetimeAboveThePolicyCap() {
    assertThat(startFailure(MINIMAL, "defaultTokenTtlMs", "700000"))
        .hasMessage(
            "defaultTokenTtlMs 700000 exceeds hitl.maxTokenTtlMs 600000 of policy file "
                + DEPLOYMENT.policyFile());
  }

  @Test
  void aPrivateKeyThatIsNotThePolicysKey() {
    Path bobs = DEPLOYMENT.writePrivateKey("bob.pem", TestKeyPairs.BOB);
    assertThat(startFailure(MINIMAL, "authorities[0].privateKeyPemPath", path(bobs)))
        .hasMessage(
            "authority ops-1: private key "
                + bobs
                + " does not match the public key "
                + "of ops-1 in policy file "
                + DEPLOYMENT.policyFile());
  }

  @Test
  void anAuthorityThePolicyDoesNotKnowOrWithAnotherOperator() {
    assertThat(startFailure(MINIMAL, "authorities[0].keyId", "ops-9"))
        .hasMessage(
            "authority ops-9: keyId is not an authority of policy file " + DEPLOYMENT.policyFile());
    assertThat(startFailure(MINIMAL, "authorities[0].operatorId", "mallory"))
        .hasMessage(
            "authority ops-1: operatorId mallory does not match operatorId "
                + "operator-1 of policy file "
                + DEPLOYMENT.policyFile());
  }

  @Test
  void aKeyIdConfiguredTwice() {
    assertThat(
            startFailure(
                "configs/duplicate-authorities.yml",
                "authorities[1].privateKeyPemPath",
                path(DEPLOYMENT.authorityKey())))
        .hasMessage("authorities: keyId ops-1 is configured more than once");
  }

  @Test
  void aPolicyNotSignedByTheTrustedKey() {
    Path forged =
        DEPLOYMENT.writePolicy(
            "forged.json",
            TestDeployment.values(AdaptiveEscalationPolicy.DISABLED),
            TestKeyPairs.BOB);
    assertThat(startFailure(MINIMAL, "policy.path", path(forged)))
        .hasMessage(
            "policy file "
                + forged
                + ": signature does not verify with trusted "
                + "policy key "
                + DEPLOYMENT.trustedKey());
  }

  @Test
  void aSignedPolicyEditedAfterSigning() throws Exception {
    String signed = Files.readString(DEPLOYMENT.policyFile());
    Path edited = DEPLOYMENT.write("edited.json", signed.replace("600000", "6000000"));
    assertThat(edited).content().isNotEqualTo(signed);

    assertThat(startFailure(MINIMAL, "policy.path", path(edited)))
        .hasMessageContaining("signature does not verify with trusted policy key");
  }

  @Test
  void anUnsignedPolicyWhenATrustedKeyIsConfigured() throws Exception {
    SignedPolicy file =
        PolicyFiles.parse(Files.readString(DEPLOYMENT.policyFile()), Validators.newValidator());
    Path unsigned =
        DEPLOYMENT.write(
            "unsigned.json",
            PolicyFiles.write(new SignedPolicy(file.policy(), null, file.policyJson())));

    assertThat(startFailure(MINIMAL, "policy.path", path(unsigned)))
        .hasMessage(
            "policy file "
                + unsigned
                + ": not signed, but trusted policy key "
                + DEPLOYMENT.trustedKey()
                + " is configured");
  }

  @Test
  void aTrustedKeyPathSetButBlank() {
    // ${POLICY_KEY:-} with the variable unset: read as "no key", it switched the check off.
    assertThat(startFailure(MINIMAL, "policy.trustedKeyPemPath", ""))
        .hasMessageStartingWith("policy.trustedKeyPemPath is set but blank");
  }

  @Test
  void twoCallersWithOneToken() {
    assertThat(startFailure("configs/duplicate-caller-tokens.yml").getMessage())
        .startsWith("callers[1] (alice): token is the same as another caller's")
        .doesNotContain("shared-token");
  }

  @Test
  void anOperatorCallerWithoutOperatorId() {
    assertThat(startFailure("configs/callers.yml", "callers[1].operatorId", ""))
        .hasMessage(
            "callers[1] (alice): an operator caller names its operatorId, one of the operators"
                + " [operator-1, operator-2] of policy file "
                + DEPLOYMENT.policyFile());
  }

  @Test
  void anOperatorCallerWhoseOperatorIsNotInThePolicy() {
    assertThat(startFailure("configs/callers.yml", "callers[1].operatorId", "operator-9"))
        .hasMessage(
            "callers[1] (alice): operatorId operator-9 is not one of the operators"
                + " [operator-1, operator-2] of policy file "
                + DEPLOYMENT.policyFile());
  }

  @Test
  void aPolicyWithoutTheCoordinatorKey() throws Exception {
    SignedPolicy current =
        PolicyFiles.parse(Files.readString(DEPLOYMENT.policyFile()), Validators.newValidator());
    DeploymentPolicy withoutKey = current.policy().withCoordinatorKey(null);
    Path file =
        DEPLOYMENT.write(
            "no-coordinator-key.json",
            PolicyFiles.write(
                PolicyFiles.sign(
                    withoutKey, TestKeyPairs.POLICY_SIGNING.getPrivate(), "policy-signing")));

    assertThat(startFailure(MINIMAL, "policy.path", path(file)).getMessage())
        .startsWith("policy file " + file + ": no coordinatorKey;");
  }

  @Test
  void aCoordinatorKeyThatIsNotThePolicys() {
    Path bobs = DEPLOYMENT.writePrivateKey("bob-as-coordinator.pem", TestKeyPairs.BOB);

    assertThat(startFailure(MINIMAL, "coordinatorKey.privateKeyPemPath", path(bobs)))
        .hasMessage(
            "coordinatorKey: private key "
                + bobs
                + " does not match the coordinatorKey coordinator of policy file "
                + DEPLOYMENT.policyFile());
  }

  @Test
  void aCallerTokenFileThatCannotBeReadOrIsShort() {
    Path missing = DEPLOYMENT.dir().resolve("no-such.token");
    Path shortToken = DEPLOYMENT.write("short.token", "too-short\n");

    assertThat(startFailure("configs/token-file.yml", "callers[0].tokenFile", path(missing)))
        .hasMessage(
            "callers[0] (runtime): tokenFile " + missing + " cannot be read (no such file)");
    assertThat(
            startFailure("configs/token-file.yml", "callers[0].tokenFile", path(shortToken))
                .getMessage())
        .contains("must hold one token of at least 16 characters")
        .doesNotContain("too-short");
  }

  @Test
  void aQuorumAboveThePolicysOperators() {
    Path policy = DEPLOYMENT.quorumPolicy(3);

    assertThat(startFailure(MINIMAL, "policy.path", path(policy)))
        .hasMessage(
            "policy file "
                + policy
                + ": hitl.requiredApprovals 3 exceeds the 2 distinct operators of its authorities");
  }

  @Test
  void theServeCommandPrintsOneLineAndFails() throws Exception {
    Path missing = DEPLOYMENT.dir().resolve("absent-policy.json");
    Path config =
        DEPLOYMENT.write(
            "serve.yml",
            String.join(
                "\n",
                "bind: 127.0.0.1:0",
                "dbPath: " + DEPLOYMENT.dir().resolve("serve-db"),
                "policy:",
                "  path: " + missing,
                "server:",
                "  adminConnectors:",
                "    - type: http",
                "      bindHost: 127.0.0.1",
                "      port: 0",
                "logging:",
                "  level: WARN",
                ""));

    Result result = runCli("serve", config.toString());

    assertThat(result.failure()).isPresent();
    assertThat(result.err().lines())
        .containsExactly(
            "hitl-coordinator did not start: policy file " + missing + ": no such file");
    assertThat(result.out()).doesNotContain("Exception").doesNotContain("\tat ");
  }

  /** Strict substitution: the variable is named, where a lenient one left its text in place. */
  @Test
  void anUndefinedEnvironmentVariableStopsTheStartAndIsNamed() throws Exception {
    String variable = "HITL_TEST_VARIABLE_NEVER_SET_" + System.nanoTime();
    Path config =
        DEPLOYMENT.write(
            "undefined-variable.yml",
            String.join(
                "\n",
                "bind: 127.0.0.1:0",
                "dbPath: " + DEPLOYMENT.dir().resolve("undefined-variable-db"),
                "policy:",
                "  path: ${" + variable + "}",
                "server:",
                "  adminConnectors:",
                "    - type: http",
                "      bindHost: 127.0.0.1",
                "      port: 0",
                "logging:",
                "  level: WARN",
                ""));

    Result result = runCli("serve", config.toString());

    assertThat(result.failure()).isPresent();
    assertThat(result.err().lines())
        .singleElement()
        .asString()
        .isEqualTo(
            "hitl-coordinator did not start: the environment variable "
                + variable
                + " is not set, and the configuration gives it no default");
  }

  /** A token that still reads ${...} (escaped in the file, or set by -Ddw.) is public text. */
  @Test
  void aCallerTokenThatStillHoldsAVariableReferenceStopsTheStart() {
    Throwable failure =
        org.assertj.core.api.Assertions.catchThrowable(
            () ->
                startOrFail(
                    "configs/callers.yml", "callers[0].token", "${HITL_TOKEN_RUNTIME_UNSET}"));
    assertThat(failure).isInstanceOf(ConfigurationValidationException.class);
    assertThat(failure.getMessage())
        .contains("callers[0].token holds an unsubstituted ${...}")
        .doesNotContain("HITL_TOKEN_RUNTIME_UNSET");
  }

  private static void startOrFail(String config, String... overrides) throws Exception {
    DropwizardTestSupport<CoordinatorConfiguration> support =
        new DropwizardTestSupport<>(
            CoordinatorApplication.class,
            ResourceHelpers.resourceFilePath(config),
            DEPLOYMENT.overrides(overrides));
    try {
      support.before();
    } finally {
      support.after();
    }
    fail("the coordinator started");
  }

  private record Result(Optional<Throwable> failure, String out, String err) {}

  private static Result runCli(String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    CoordinatorApplication application = new CoordinatorApplication();
    Bootstrap<CoordinatorConfiguration> bootstrap = new Bootstrap<>(application);
    application.initialize(bootstrap);
    Cli cli = new Cli(new JarLocation(StartupFailuresIntegrationTest.class), bootstrap, out, err);
    PrintStream systemOut = System.out;
    try {
      // The console log appender writes to System.out; keep it out of the test output.
      System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
      return new Result(
          cli.run(args),
          out.toString(StandardCharsets.UTF_8),
          err.toString(StandardCharsets.UTF_8));
    } finally {
      System.setOut(systemOut);
    }
  }
}
