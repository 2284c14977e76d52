package io.causality.hitl.coordinator;

import io.causality.common.testing.PostgresTestDatabase;
import io.causality.hitl.coordinator.crypto.TestKeyPairs;
import io.causality.hitl.coordinator.policy.DevPolicyTool;
import io.causality.hitl.coordinator.policy.DevPolicyTool.DevAuthority;
import io.causality.hitl.coordinator.policy.DevPolicyTool.PolicyValues;
import io.causality.hitl.protocol.crypto.PemKeys;
import io.causality.hitl.protocol.policy.AdaptiveEscalationPolicy;
import io.causality.hitl.protocol.policy.GatePolicy;
import io.dropwizard.testing.ConfigOverride;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.KeyPair;
import java.security.SecureRandom;
import java.security.interfaces.RSAPublicKey;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What a coordinator needs to start, in a fresh folder under {@code target/}: a policy-signing key,
 * two authority keys (ops-1 of operator-1, configured; ops-2 of operator-2, in the policy only) and
 * a policy signed with {@link DevPolicyTool}; and the config overrides that point a coordinator at
 * them. Keys come from {@link TestKeyPairs}, as generating them is slow.
 */
public final class TestDeployment {
  public static final String KEY_ID = "ops-1";
  public static final String OPERATOR_ID = "operator-1";
  public static final String OTHER_KEY_ID = "ops-2";
  public static final long POLICY_VERSION = 7;
  public static final long MAX_TOKEN_TTL_MS = 600_000;
  public static final long DEFAULT_TOKEN_TTL_MS = 300_000;

  private static final Map<Path, PostgresTestDatabase> SCHEMAS = new ConcurrentHashMap<>();

  static {
    // a restarted coordinator must find its schema again: they live as long as the test JVM
    Runtime.getRuntime()
        .addShutdownHook(
            new Thread(
                () -> SCHEMAS.values().forEach(PostgresTestDatabase::close), "drop-test-schemas"));
  }

  private final Path dir;
  private final Path policyFile;
  private final Path trustedKey;
  private final Path authorityKey;
  private final Path coordinatorKey;

  private TestDeployment(Path dir, PolicyValues values) {
    this.dir = dir;
    this.trustedKey = writePublicKey("policy-signing.pub.pem", TestKeyPairs.POLICY_SIGNING);
    this.authorityKey = writePrivateKey("ops-1.pem", TestKeyPairs.ALICE);
    this.coordinatorKey = writePrivateKey("coordinator.pem", TestKeyPairs.COORDINATOR);
    this.policyFile = writePolicy("policy.json", values, TestKeyPairs.POLICY_SIGNING);
  }

  /** A deployment whose policy has adaptive gating switched off. */
  public static TestDeployment plain() {
    return create(AdaptiveEscalationPolicy.DISABLED);
  }

  public static TestDeployment create(AdaptiveEscalationPolicy adaptive) {
    return new TestDeployment(newFolder(), values(adaptive));
  }

  public static PolicyValues values(AdaptiveEscalationPolicy adaptive) {
    return new PolicyValues(
        POLICY_VERSION,
        MAX_TOKEN_TTL_MS,
        adaptive,
        new GatePolicy("state_gate", "gamma", 0.35, "gammaTrend"));
  }

  public Path dir() {
    return dir;
  }

  public Path policyFile() {
    return policyFile;
  }

  public Path trustedKey() {
    return trustedKey;
  }

  public Path authorityKey() {
    return authorityKey;
  }

  /** The coordinator's own private key, the policy's coordinatorKey. */
  public Path coordinatorKey() {
    return coordinatorKey;
  }

  /** The public key of ops-1, as the policy holds it. */
  public RSAPublicKey authorityPublicKey() {
    return (RSAPublicKey) TestKeyPairs.ALICE.getPublic();
  }

  /**
   * Points a coordinator at this deployment, with a database of its own; then the extra overrides,
   * given as key, value, key, value..., which replace the defaults of the same key.
   */
  /** Where the coordinator keeps its generated admin token (owner-only, made at first start). */
  public Path adminTokenFile() {
    return dir.resolve("admin-token");
  }

  public ConfigOverride[] overrides(String... extraKeysAndValues) {
    Map<String, String> overrides = new LinkedHashMap<>();
    overrides.put("dbPath", dir.resolve("db").toString());
    if (PostgresTestDatabase.forAllTests()) {
      overrides.putAll(
          SCHEMAS.computeIfAbsent(dir, d -> PostgresTestDatabase.create()).databaseSettings());
    }
    overrides.put("policy.path", policyFile.toString());
    overrides.put("policy.trustedKeyPemPath", trustedKey.toString());
    overrides.put("authorities[0].privateKeyPemPath", authorityKey.toString());
    overrides.put("coordinatorKey.privateKeyPemPath", coordinatorKey.toString());
    overrides.put("admin.tokenFile", adminTokenFile().toString());
    for (int i = 0; i + 1 < extraKeysAndValues.length; i += 2) {
      overrides.put(extraKeysAndValues[i], extraKeysAndValues[i + 1]);
    }
    List<ConfigOverride> list = new ArrayList<>();
    overrides.forEach((key, value) -> list.add(ConfigOverride.config(key, value)));
    return list.toArray(ConfigOverride[]::new);
  }

  /**
   * {@link #overrides} for configs/operators.yml, whose second authority, ops-2 of operator-2, has
   * its private key in the deployment folder too.
   */
  public ConfigOverride[] operatorOverrides(String... extraKeysAndValues) {
    Path otherKey = writePrivateKey("ops-2.pem", TestKeyPairs.BOB);
    List<String> all =
        new ArrayList<>(List.of("authorities[1].privateKeyPemPath", otherKey.toString()));
    all.addAll(List.of(extraKeysAndValues));
    return overrides(all.toArray(String[]::new));
  }

  /** This deployment's policy with a quorum of {@code requiredApprovals}, signed as trusted. */
  public Path quorumPolicy(int requiredApprovals) {
    return writePolicy(
        "policy-quorum-" + requiredApprovals + ".json",
        values(AdaptiveEscalationPolicy.DISABLED).withRequiredApprovals(requiredApprovals),
        TestKeyPairs.POLICY_SIGNING);
  }

  /** A policy with ops-1 and ops-2, signed by {@code signing}, written to {@code name}. */
  public Path writePolicy(String name, PolicyValues values, KeyPair signing) {
    Path signingKey = writePrivateKey("signing-" + name + ".pem", signing);
    Map<DevAuthority, Path> authorities = new LinkedHashMap<>();
    authorities.put(
        new DevAuthority(KEY_ID, OPERATOR_ID), writePublicKey("ops-1.pub.pem", TestKeyPairs.ALICE));
    authorities.put(
        new DevAuthority(OTHER_KEY_ID, "operator-2"),
        writePublicKey("ops-2.pub.pem", TestKeyPairs.BOB));
    Path file = dir.resolve(name);
    new DevPolicyTool(new SecureRandom(), 2048)
        .writePolicy(
            file,
            values,
            authorities,
            TestKeyPairs.COORDINATOR_KEY_ID,
            writePublicKey("coordinator.pub.pem", TestKeyPairs.COORDINATOR),
            signingKey,
            "policy-signing");
    return file;
  }

  /** A text file in the deployment folder. */
  public Path write(String name, String text) {
    try {
      return Files.writeString(dir.resolve(name), text);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** A PKCS#8 private key file, owner-only. */
  public Path writePrivateKey(String name, KeyPair pair) {
    Path file = write(name, PemKeys.toPkcs8Pem(pair.getPrivate()));
    try {
      Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return file;
  }

  public Path writePublicKey(String name, KeyPair pair) {
    return write(name, PemKeys.toPem(pair.getPublic()));
  }

  private static Path newFolder() {
    try {
      Path target = Files.createDirectories(Path.of("target", "test-deployments"));
      return Files.createTempDirectory(target, "coordinator-").toAbsolutePath();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
