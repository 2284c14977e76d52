package io.causality.hitl.protocol.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.causality.hitl.protocol.TestKeys;
import io.causality.hitl.protocol.crypto.PemKeys;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The signature rules both services apply to the policy they read at start. */
class PolicyTrustTest {
  private static final String SETTING = "policy.trustedKeyPemPath";
  private static final Path POLICY = Path.of("deployment-policy.json");

  @TempDir Path dir;

  private final SignedPolicy signed =
      PolicyFiles.sign(TestKeys.samplePolicy(), TestKeys.ALICE.getPrivate(), "sign-1");
  private final SignedPolicy unsigned =
      new SignedPolicy(signed.policy(), null, signed.policyJson());

  private String key(java.security.KeyPair pair) throws Exception {
    return Files.writeString(dir.resolve("trusted.pem"), PemKeys.toPem(pair.getPublic()))
        .toString();
  }

  @Test
  void aPolicySignedByTheTrustedKeyPassesWithoutAWord() throws Exception {
    assertThat(new PolicyTrust(SETTING, key(TestKeys.ALICE), true).check(signed, POLICY)).isEmpty();
  }

  @Test
  void aBlankKeyPathStopsTheStartInsteadOfSwitchingTheCheckOff() {
    // What "${POLICY_KEY:-}" gives when the variable is unset.
    for (String blank : new String[] {"", "  "}) {
      assertThatThrownBy(() -> new PolicyTrust(SETTING, blank, false).check(signed, POLICY))
          .isInstanceOf(PolicyFormatException.class)
          .hasMessageStartingWith(SETTING + " is set but blank");
    }
  }

  @Test
  void withAKeyTheSignatureMustBeThereAndVerify() throws Exception {
    String alice = key(TestKeys.ALICE);
    assertThatThrownBy(() -> new PolicyTrust(SETTING, alice, false).check(unsigned, POLICY))
        .hasMessage(
            "policy file "
                + POLICY
                + ": not signed, but trusted policy key "
                + alice
                + " is configured");
    String bob = key(TestKeys.BOB);
    assertThatThrownBy(() -> new PolicyTrust(SETTING, bob, false).check(signed, POLICY))
        .hasMessageContaining("signature does not verify with trusted policy key " + bob);
    String missing = dir.resolve("missing.pem").toString();
    assertThatThrownBy(() -> new PolicyTrust(SETTING, missing, false).check(signed, POLICY))
        .hasMessage("trusted policy key " + missing + ": no such file");
  }

  @Test
  void withoutAKeyEveryStartWarnsThatTheSignatureIsNotChecked() {
    assertThat(new PolicyTrust(SETTING, null, false).check(unsigned, POLICY))
        .singleElement()
        .asString()
        .contains("is not signed", "whoever can write the file", SETTING);
    assertThat(new PolicyTrust(SETTING, null, false).check(signed, POLICY))
        .singleElement()
        .asString()
        .contains("is signed but no trusted policy key is configured");
  }

  @Test
  void requiringASignatureWithoutAKeyStopsTheStart() {
    for (SignedPolicy file : new SignedPolicy[] {unsigned, signed}) {
      assertThatThrownBy(() -> new PolicyTrust(SETTING, null, true).check(file, POLICY))
          .isInstanceOf(PolicyFormatException.class)
          .hasMessageContaining("requirePolicySignature is true, but no " + SETTING);
    }
  }
}
