package io.causality.hitl.coordinator.policy;

import io.causality.hitl.coordinator.crypto.KeyFilePermissions;
import io.causality.hitl.coordinator.policy.DevPolicyTool.DevAuthority;
import io.causality.hitl.coordinator.policy.DevPolicyTool.PolicyValues;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A development deployment in one directory, laid out as {@code config/hitl-coordinator.yml}
 * expects it under {@code var/}:
 *
 * <pre>
 * DIR/keys/policy-signing.pem      policy-signing private key (owner-only)
 * DIR/keys/policy-signing.pub.pem  its public key: policy.trustedKeyPemPath
 * DIR/keys/ops-1.pem               authority ops-1 (operator-1) private key (owner-only)
 * DIR/keys/ops-1.pub.pem           its public key, also in the policy
 * DIR/policy/deployment-policy.json  the signed policy: hitl and gate sections
 * </pre>
 *
 * <p>Idempotent: files that exist are kept. A missing key is generated, and the policy is written
 * when it is missing or names a key that was just generated. {@code force} replaces everything.
 */
public final class DevInit {

  public static final String AUTHORITY_KEY_ID = "ops-1";
  public static final String OPERATOR_ID = "operator-1";
  public static final String POLICY_SIGNING_KEY_ID = DevPolicyTool.POLICY_SIGNING_KEY;

  private final DevPolicyTool tool;

  public DevInit(DevPolicyTool tool) {
    this.tool = Objects.requireNonNull(tool, "tool");
  }

  /** Where everything goes under a directory. */
  public record Layout(Path dir) {

    public Path keys() {
      return dir.resolve("keys");
    }

    public Path signingKey() {
      return keys().resolve(POLICY_SIGNING_KEY_ID + ".pem");
    }

    public Path authorityKey() {
      return keys().resolve(AUTHORITY_KEY_ID + ".pem");
    }

    public Path policyFile() {
      return dir.resolve("policy").resolve("deployment-policy.json");
    }

    List<Path> files() {
      return List.of(
          signingKey(),
          DevPolicyTool.publicKeyFileFor(signingKey()),
          authorityKey(),
          DevPolicyTool.publicKeyFileFor(authorityKey()),
          policyFile());
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
    // keys directory is made owner-only even when it existed.
    ownerOnly(dir, Files.notExists(dir));
    ownerOnly(layout.keys(), true);
    List<Outcome> outcomes = new ArrayList<>();
    boolean newSigningKey = ensureKeyPair(layout.signingKey(), "policy-signing key", outcomes);
    boolean newAuthorityKey =
        ensureKeyPair(
            layout.authorityKey(),
            "authority " + AUTHORITY_KEY_ID + " of " + OPERATOR_ID,
            outcomes);
    outcomes.add(ensurePolicy(layout, newSigningKey || newAuthorityKey));
    return List.copyOf(outcomes);
  }

  private boolean ensureKeyPair(Path privateKey, String what, List<Outcome> outcomes) {
    Path publicKey = DevPolicyTool.publicKeyFileFor(privateKey);
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
    outcomes.add(new Outcome(privateKey, true, what + ", private, mode 600"));
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
            + ", gate gammaFloor "
            + values.gate().gammaFloor());
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
