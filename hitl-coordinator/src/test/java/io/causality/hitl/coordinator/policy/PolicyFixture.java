package io.causality.hitl.coordinator.policy;

import io.causality.hitl.coordinator.crypto.TestKeyPairs;
import io.causality.hitl.protocol.crypto.PemKeys;
import io.causality.hitl.protocol.policy.AdaptiveEscalationPolicy;
import io.causality.hitl.protocol.policy.DeploymentPolicy;
import io.causality.hitl.protocol.policy.GatePolicy;
import io.causality.hitl.protocol.policy.HitlPolicy;
import io.causality.hitl.protocol.policy.PolicyAuthority;
import io.causality.hitl.protocol.policy.PolicyFiles;
import io.causality.hitl.protocol.policy.SignedPolicy;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.KeyPair;
import java.util.List;
import org.bouncycastle.openssl.jcajce.JcaPEMWriter;

/** Writes policies and key files for the startup-check tests into a directory. */
final class PolicyFixture {

  static final long MAX_TTL = 600_000;

  private final Path dir;

  PolicyFixture(Path dir) {
    this.dir = dir;
  }

  /** Alice (k-alice) and Bob (k-bob) as authorities, with a hitl and a gate section. */
  static DeploymentPolicy policy(HitlPolicy hitl) {
    String alice = PemKeys.toPem(TestKeyPairs.ALICE.getPublic());
    String bob = PemKeys.toPem(TestKeyPairs.BOB.getPublic());
    return new DeploymentPolicy(
        4,
        List.of(
            new PolicyAuthority("k-alice", "alice", alice),
            new PolicyAuthority("k-bob", "bob", bob)),
        hitl,
        new GatePolicy("state_gate", "gamma", 0.35, "gammaTrend"));
  }

  static HitlPolicy hitl() {
    return new HitlPolicy(MAX_TTL, AdaptiveEscalationPolicy.DISABLED);
  }

  Path signedPolicy(DeploymentPolicy policy) throws IOException {
    SignedPolicy signed =
        PolicyFiles.sign(policy, TestKeyPairs.POLICY_SIGNING.getPrivate(), "policy-signing");
    return Files.writeString(dir.resolve("policy.json"), PolicyFiles.write(signed));
  }

  Path unsignedPolicy(DeploymentPolicy policy) throws IOException {
    SignedPolicy signed = PolicyFiles.sign(policy, TestKeyPairs.POLICY_SIGNING.getPrivate(), null);
    SignedPolicy unsigned = new SignedPolicy(signed.policy(), null, signed.policyJson());
    return Files.writeString(dir.resolve("policy.json"), PolicyFiles.write(unsigned));
  }

  Path trustedKey() throws IOException {
    return Files.writeString(
        dir.resolve("trusted.pem"), PemKeys.toPem(TestKeyPairs.POLICY_SIGNING.getPublic()));
  }

  /** A PKCS#8 private key file with owner-only permissions. */
  Path privateKey(String name, KeyPair pair) throws IOException {
    return ownerOnly(Files.writeString(dir.resolve(name), PemKeys.toPkcs8Pem(pair.getPrivate())));
  }

  /** A PKCS#1 ({@code BEGIN RSA PRIVATE KEY}) private key file. */
  Path pkcs1PrivateKey(String name, KeyPair pair) throws IOException {
    StringWriter out = new StringWriter();
    try (JcaPEMWriter writer = new JcaPEMWriter(out)) {
      writer.writeObject(pair.getPrivate());
    }
    return ownerOnly(Files.writeString(dir.resolve(name), out.toString()));
  }

  private static Path ownerOnly(Path file) throws IOException {
    try {
      Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
    } catch (UnsupportedOperationException e) {
      // Not POSIX: nothing to restrict.
    }
    return file;
  }
}
