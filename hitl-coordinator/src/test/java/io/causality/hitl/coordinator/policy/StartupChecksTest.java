package io.causality.hitl.coordinator.policy;

import static io.causality.hitl.coordinator.policy.PolicyFixture.MAX_TTL;
import static io.causality.hitl.coordinator.policy.PolicyFixture.hitl;
import static io.causality.hitl.coordinator.policy.PolicyFixture.policy;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.causality.hitl.coordinator.crypto.TestKeyPairs;
import io.causality.hitl.protocol.policy.PolicyTrust;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Optional;
import org.assertj.core.api.AbstractThrowableAssert;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StartupChecksTest {

  @TempDir Path dir;

  private PolicyFixture files;
  private Path alice;
  private Path bob;

  @BeforeEach
  void keys() throws Exception {
    files = new PolicyFixture(dir);
    alice = files.privateKey("alice.pem", TestKeyPairs.ALICE);
    bob = files.pkcs1PrivateKey("bob.pem", TestKeyPairs.BOB);
  }

  @Test
  void aSignedPolicyWithMatchingKeysPasses() throws Exception {
    Path policy = files.signedPolicy(policy(hitl()));

    StartupReport report =
        StartupChecks.run(policy, MAX_TTL, authorities(), Optional.of(files.trustedKey()));

    assertThat(report.policy().policyVersion()).isEqualTo(4);
    assertThat(report.hitl().maxTokenTtlMs()).isEqualTo(MAX_TTL);
    assertThat(report.signers().keyIds()).containsExactly("k-alice", "k-bob");
    assertThat(report.warnings()).isEmpty();
  }

  @Test
  void check1PolicyMissing() {
    Path missing = dir.resolve("nope.json");

    assertFails(missing, MAX_TTL, authorities(), Optional.empty())
        .hasMessage("policy file " + missing + ": no such file");
  }

  @Test
  void check1PolicyNotJson() throws Exception {
    Path policy = Files.writeString(dir.resolve("policy.json"), "{\n  \"policy\": oops\n}");

    assertFails(policy, MAX_TTL, authorities(), Optional.empty())
        .hasMessageStartingWith("policy file " + policy + ": not valid JSON at line 2");
  }

  @Test
  void check1PolicyInvalidMember() throws Exception {
    Path policy =
        Files.writeString(dir.resolve("policy.json"), "{\"policy\":{\"policyVersion\":-1}}");

    assertFails(policy, MAX_TTL, authorities(), Optional.empty())
        .hasMessage("policy file " + policy + ": policy.policyVersion: must be a positive integer");
  }

  @Test
  void check1PolicyNamesEveryInvalidMemberOnOneLine() throws Exception {
    Path policy =
        Files.writeString(
            dir.resolve("policy.json"),
            "{\"policy\":{\"policyVersion\":-1,\"hitl\":{\"maxTokenTtlMs\":0}}}");

    assertFails(policy, MAX_TTL, authorities(), Optional.empty())
        .hasMessage(
            "policy file "
                + policy
                + ": policy.hitl.maxTokenTtlMs: must be a positive integer; "
                + "policy.policyVersion: must be a positive integer");
  }

  @Test
  void signatureRequiredWhenATrustedKeyIsConfigured() throws Exception {
    Path policy = files.unsignedPolicy(policy(hitl()));
    Path trusted = files.trustedKey();

    assertFails(policy, MAX_TTL, authorities(), Optional.of(trusted))
        .hasMessage(
            "policy file "
                + policy
                + ": not signed, but trusted policy key "
                + trusted
                + " is configured");
  }

  @Test
  void editedPolicyFailsTheSignature() throws Exception {
    Path policy = files.signedPolicy(policy(hitl()));
    Files.writeString(policy, Files.readString(policy).replace("0.35", "0.05"));
    Path trusted = files.trustedKey();

    assertFails(policy, MAX_TTL, authorities(), Optional.of(trusted))
        .hasMessage(
            "policy file "
                + policy
                + ": signature does not verify with trusted policy key "
                + trusted);
  }

  @Test
  void anUnreadableTrustedKeyFailsClosed() throws Exception {
    Path policy = files.signedPolicy(policy(hitl()));
    Path missing = dir.resolve("trusted-missing.pem");

    assertFails(policy, MAX_TTL, authorities(), Optional.of(missing))
        .hasMessage("trusted policy key " + missing + ": no such file");
  }

  @Test
  void anUnsignedPolicyStartsWithAWarningUnlessASignatureIsRequired() throws Exception {
    Path policy = files.unsignedPolicy(policy(hitl()));

    assertThat(StartupChecks.run(policy, MAX_TTL, authorities(), Optional.empty()).warnings())
        .singleElement()
        .asString()
        .contains("is not signed and no trusted policy key is configured");
    PolicyTrust required = new PolicyTrust(StartupChecks.TRUSTED_KEY_SETTING, null, true);
    assertThatThrownBy(() -> StartupChecks.run(policy, MAX_TTL, authorities(), required))
        .isInstanceOf(StartupCheckException.class)
        .hasMessage(
            "policy file "
                + policy
                + " is not signed and requirePolicySignature is true, but no"
                + " policy.trustedKeyPemPath is configured to check it");
  }

  @Test
  void aSignedPolicyWithoutTrustedKeyStartsWithAWarning() throws Exception {
    Path policy = files.signedPolicy(policy(hitl()));

    StartupReport report = StartupChecks.run(policy, MAX_TTL, authorities(), Optional.empty());

    assertThat(report.warnings())
        .singleElement()
        .asString()
        .contains("is signed but no trusted policy key is configured");
  }

  @Test
  void check2HitlSectionRequired() throws Exception {
    Path policy = files.signedPolicy(policy(null));

    assertFails(policy, MAX_TTL, authorities(), Optional.empty())
        .hasMessage("policy file " + policy + ": no hitl section");
  }

  @Test
  void check3DefaultTtlAtMostTheCap() throws Exception {
    Path policy = files.signedPolicy(policy(hitl()));

    assertThat(
            StartupChecks.run(policy, MAX_TTL, authorities(), Optional.empty()).signers().keyIds())
        .containsExactlyInAnyOrder("k-alice", "k-bob");
    assertFails(policy, MAX_TTL + 1, authorities(), Optional.empty())
        .hasMessage(
            "defaultTokenTtlMs 600001 exceeds hitl.maxTokenTtlMs 600000 of policy file " + policy);
    assertFails(policy, 0, authorities(), Optional.empty())
        .hasMessage("defaultTokenTtlMs must be positive, was 0");
  }

  @Test
  void check4KeyIdMustBeInThePolicy() throws Exception {
    Path policy = files.signedPolicy(policy(hitl()));

    assertFails(
            policy,
            MAX_TTL,
            List.of(new AuthorityKeyConfig("k-carol", "carol", alice)),
            Optional.empty())
        .hasMessage("authority k-carol: keyId is not an authority of" + " policy file " + policy);
  }

  @Test
  void check4OperatorMustMatchThePolicy() throws Exception {
    Path policy = files.signedPolicy(policy(hitl()));

    assertFails(
            policy,
            MAX_TTL,
            List.of(new AuthorityKeyConfig("k-alice", "mallory", alice)),
            Optional.empty())
        .hasMessage(
            "authority k-alice: operatorId mallory does not"
                + " match operatorId alice of policy file "
                + policy);
  }

  @Test
  void check4PrivateKeyMustMatchThePolicysPublicKey() throws Exception {
    Path policy = files.signedPolicy(policy(hitl()));

    assertFails(
            policy,
            MAX_TTL,
            List.of(new AuthorityKeyConfig("k-alice", "alice", bob)),
            Optional.empty())
        .hasMessage(
            "authority k-alice: private key "
                + bob
                + " does not match the public key of k-alice in policy file "
                + policy);
  }

  @Test
  void check4PrivateKeyMustBeReadable() throws Exception {
    Path policy = files.signedPolicy(policy(hitl()));
    Path notAKey = Files.writeString(dir.resolve("not-a-key.pem"), "hello");

    assertFails(
            policy,
            MAX_TTL,
            List.of(new AuthorityKeyConfig("k-alice", "alice", notAKey)),
            Optional.empty())
        .hasMessage("authority k-alice: private key " + notAKey + ": no PEM block found");
  }

  @Test
  void check5NoDuplicateKeyIds() throws Exception {
    Path policy = files.signedPolicy(policy(hitl()));

    assertFails(
            policy,
            MAX_TTL,
            List.of(
                new AuthorityKeyConfig("k-alice", "alice", alice),
                new AuthorityKeyConfig("k-alice", "alice", alice)),
            Optional.empty())
        .hasMessage("authorities: keyId k-alice is configured more than once");
  }

  @Test
  void keyFilesOpenToOthersAreWarnedAbout() throws Exception {
    Path policy = files.signedPolicy(policy(hitl()));
    Files.setPosixFilePermissions(alice, PosixFilePermissions.fromString("rw-r--r--"));

    StartupReport report =
        StartupChecks.run(policy, MAX_TTL, authorities(), Optional.of(files.trustedKey()));

    assertThat(report.warnings()).singleElement().asString().contains(alice.toString());
  }

  private List<AuthorityKeyConfig> authorities() {
    return List.of(
        new AuthorityKeyConfig("k-alice", "alice", alice),
        new AuthorityKeyConfig("k-bob", "bob", bob));
  }

  private static AbstractThrowableAssert<?, ? extends Throwable> assertFails(
      Path policy, long defaultTtl, List<AuthorityKeyConfig> authorities, Optional<Path> trusted) {
    return assertThatThrownBy(() -> StartupChecks.run(policy, defaultTtl, authorities, trusted))
        .isInstanceOf(StartupCheckException.class)
        .hasMessageNotContaining("\n");
  }
}
