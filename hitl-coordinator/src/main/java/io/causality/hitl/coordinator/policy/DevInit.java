package io.causality.hitl.coordinator.policy;

import io.causality.hitl.coordinator.crypto.KeyFilePermissions;
import io.causality.hitl.coordinator.policy.DevPolicyTool.DevAuthority;
import io.causality.hitl.coordinator.policy.DevPolicyTool.PolicyValues;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A development deployment in one directory, laid out as {@code config/hitl-coordinator.yml} and
 * {@code config/sim-server.yml} expect it under {@code var/}:
 *
 * <pre>
 * DIR/keys/policy-signing.pub.pem    the policy-signing public key: policy.trustedKeyPemPath
 * DIR/keys/ops-1.pem                 authority ops-1 (operator-1) private key (owner-only)
 * DIR/keys/ops-1.pub.pem             its public key, also in the policy
 * DIR/keys/coordinator.pem           the coordinator's own private key (owner-only)
 * DIR/keys/coordinator.pub.pem       its public key, the policy's coordinatorKey
 * DIR/policy/deployment-policy.json  the signed policy: hitl and gate sections, coordinatorKey
 * DIR/secrets/runtime.token          bearer token of the evaluation runtime (submitter, redeemer)
 * DIR/secrets/operator-1.token       bearer token of operator-1 for the hitl CLI and dashboard
 * DIR/offline/policy-signing.pem     the policy-signing private key: read by no service
 * </pre>
 *
 * <p>The policy-signing private key is kept apart from the public key the services trust: whoever
 * holds it can sign any policy, so it belongs off the servers (the {@code offline} folder says
 * where it should go). A deployment made by an older version, with the private key in {@code keys},
 * has it moved there.
 *
 * <p>Idempotent: files that exist are kept. A missing key is generated, and the policy is written
 * when it is missing or names a key that was just generated. {@code force} replaces everything.
 */
public final class DevInit {

  public static final String AUTHORITY_KEY_ID = "ops-1";
  public static final String OPERATOR_ID = "operator-1";
  public static final String POLICY_SIGNING_KEY_ID = DevPolicyTool.POLICY_SIGNING_KEY;
  public static final String COORDINATOR_KEY_ID = DevPolicyTool.COORDINATOR_KEY;

  /** The bytes of randomness in a generated caller token (256 bits). */
  private static final int TOKEN_BYTES = 32;

  private final DevPolicyTool tool;
  private final SecureRandom random;

  public DevInit(DevPolicyTool tool) {
    this(tool, new SecureRandom());
  }

  /** {@code random} makes the caller tokens; tests may seed one. */
  public DevInit(DevPolicyTool tool, SecureRandom random) {
    this.tool = Objects.requireNonNull(tool, "tool");
    this.random = Objects.requireNonNull(random, "random");
  }

  /** Where everything goes under a directory. */
  public record Layout(Path dir) {

    public Path keys() {
      return dir.resolve("keys");
    }

    /** Where the policy-signing private key is kept: apart from what the services read. */
    public Path offline() {
      return dir.resolve("offline");
    }

    public Path signingKey() {
      return offline().resolve(POLICY_SIGNING_KEY_ID + ".pem");
    }

    /** The policy-signing public key the services trust. */
    public Path trustedKey() {
      return keys().resolve(POLICY_SIGNING_KEY_ID + ".pub.pem");
    }

    /** Where an older version kept the policy-signing private key. */
    Path formerSigningKey() {
      return keys().resolve(POLICY_SIGNING_KEY_ID + ".pem");
    }

    public Path authorityKey() {
      return keys().resolve(AUTHORITY_KEY_ID + ".pem");
    }

    public Path coordinatorKey() {
      return keys().resolve(COORDINATOR_KEY_ID + ".pem");
    }

    public Path policyFile() {
      return dir.resolve("policy").resolve("deployment-policy.json");
    }

    public Path secrets() {
      return dir.resolve("secrets");
    }

    /** The evaluation runtime's bearer token (callers[0] of the shipped configuration). */
    public Path runtimeToken() {
      return secrets().resolve("runtime.token");
    }

    /** operator-1's bearer token, for the hitl CLI and dashboard. */
    public Path operatorToken() {
      return secrets().resolve(OPERATOR_ID + ".token");
    }

    List<Path> files() {
      return List.of(
          signingKey(),
          trustedKey(),
          formerSigningKey(),
          authorityKey(),
          DevPolicyTool.publicKeyFileFor(authorityKey()),
          coordinatorKey(),
          DevPolicyTool.publicKeyFileFor(coordinatorKey()),
          policyFile(),
          runtimeToken(),
          operatorToken());
    }
  }

  /**
   * One file of the deployment and what happened to it.
   *
   * @param created true when written by this run, false when kept as it was
   * @param what what the file is, for the operator
   */
  public record Outcome(Path file, boolean created, String what) {

    @Override
    public String toString() {
      return (created ? "created " : "kept    ") + file + "  (" + what + ")";
    }
  }

  /** Creates what is missing (or everything, with {@code force}); says what it did. */
  public List<Outcome> run(Path dir, boolean force) {
    Layout layout = new Layout(dir);
    if (force) {
      layout.files().forEach(DevInit::delete);
    }
    // The root also holds the services' embedded databases: owner-only when created here. The
    // folders of private keys and tokens are made owner-only even when they existed.
    ownerOnly(dir, Files.notExists(dir));
    ownerOnly(layout.keys(), true);
    ownerOnly(layout.offline(), true);
    ownerOnly(layout.secrets(), true);
    List<Outcome> outcomes = new ArrayList<>();
    moveFormerSigningKey(layout, outcomes);
    boolean newSigningKey =
        ensureKeyPair(
            layout.signingKey(),
            layout.trustedKey(),
            "policy-signing key",
            "read by no service: keep it off the servers",
            outcomes);
    boolean newAuthorityKey =
        ensureKeyPair(
            layout.authorityKey(),
            DevPolicyTool.publicKeyFileFor(layout.authorityKey()),
            "authority " + AUTHORITY_KEY_ID + " of " + OPERATOR_ID,
            "mode 600",
            outcomes);
    boolean newCoordinatorKey =
        ensureKeyPair(
            layout.coordinatorKey(),
            DevPolicyTool.publicKeyFileFor(layout.coordinatorKey()),
            "the coordinator's own key (redemption answers, audit checkpoints)",
            "mode 600",
            outcomes);
    outcomes.add(ensurePolicy(layout, newSigningKey || newAuthorityKey || newCoordinatorKey));
    outcomes.add(ensureToken(layout.runtimeToken(), "bearer token of the evaluation runtime"));
    outcomes.add(
        ensureToken(layout.operatorToken(), "bearer token of " + OPERATOR_ID + " for ops/hitl"));
    return List.copyOf(outcomes);
  }

  /** An older deployment kept the policy-signing private key beside its public key: move it. */
  private static void moveFormerSigningKey(Layout layout, List<Outcome> outcomes) {
    if (Files.exists(layout.formerSigningKey()) && Files.notExists(layout.signingKey())) {
      try {
        Files.move(layout.formerSigningKey(), layout.signingKey());
      } catch (IOException e) {
        throw new UncheckedIOException("cannot move " + layout.formerSigningKey(), e);
      }
      outcomes.add(
          new Outcome(
              layout.signingKey(),
              true,
              "policy-signing key, private, moved from " + layout.formerSigningKey()));
    }
  }

  private boolean ensureKeyPair(
      Path privateKey, Path publicKey, String what, String note, List<Outcome> outcomes) {
    if (Files.exists(privateKey)) {
      outcomes.add(new Outcome(privateKey, false, what + ", private"));
      if (!Files.exists(publicKey)) {
        DevPolicyTool.writePublicKey(privateKey, publicKey);
        outcomes.add(new Outcome(publicKey, true, what + ", public, from the private"));
      } else {
        outcomes.add(new Outcome(publicKey, false, what + ", public"));
      }
      return false;
    }
    tool.generateKeyPair(privateKey, publicKey);
    outcomes.add(new Outcome(privateKey, true, what + ", private, " + note));
    outcomes.add(new Outcome(publicKey, true, what + ", public"));
    return true;
  }

  private Outcome ensurePolicy(Layout layout, boolean keysChanged) {
    Path policyFile = layout.policyFile();
    if (Files.exists(policyFile) && !keysChanged) {
      return new Outcome(policyFile, false, "deployment policy");
    }
    createDirectories(policyFile.getParent());
    PolicyValues values = PolicyValues.defaults();
    tool.writePolicy(
        policyFile,
        values,
        Map.of(
            new DevAuthority(AUTHORITY_KEY_ID, OPERATOR_ID),
            DevPolicyTool.publicKeyFileFor(layout.authorityKey())),
        COORDINATOR_KEY_ID,
        DevPolicyTool.publicKeyFileFor(layout.coordinatorKey()),
        layout.signingKey(),
        POLICY_SIGNING_KEY_ID);
    return new Outcome(
        policyFile,
        true,
        "deployment policy version "
            + values.policyVersion()
            + ", signed by "
            + POLICY_SIGNING_KEY_ID
            + ", authority "
            + AUTHORITY_KEY_ID
            + ", coordinatorKey "
            + COORDINATOR_KEY_ID
            + ", gate gammaFloor "
            + values.gate().gammaFloor());
  }

  /** A random bearer token in an owner-only file, unless the file exists. */
  private Outcome ensureToken(Path file, String what) {
    if (Files.exists(file)) {
      return new Outcome(file, false, what);
    }
    byte[] bytes = new byte[TOKEN_BYTES];
    random.nextBytes(bytes);
    String token = Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    try {
      if (KeyFilePermissions.isPosix(file)) {
        Files.createFile(file, PosixFilePermissions.asFileAttribute(KeyFilePermissions.OWNER_ONLY));
      } else {
        Files.createFile(file);
      }
      Files.writeString(file, token + "\n", StandardCharsets.US_ASCII);
    } catch (FileAlreadyExistsException e) {
      return new Outcome(file, false, what);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + file, e);
    }
    return new Outcome(file, true, what + ", mode 600");
  }

  /** Creates {@code dir} if missing; restricts it to its owner where the file system allows. */
  private static void ownerOnly(Path dir, boolean restrict) {
    createDirectories(dir);
    if (restrict && KeyFilePermissions.isPosix(dir)) {
      try {
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwx------"));
      } catch (IOException e) {
        throw new UncheckedIOException("cannot restrict " + dir, e);
      }
    }
  }

  private static void createDirectories(Path dir) {
    try {
      Files.createDirectories(dir);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot create " + dir, e);
    }
  }

  private static void delete(Path file) {
    try {
      Files.deleteIfExists(file);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot delete " + file, e);
    }
  }
}
