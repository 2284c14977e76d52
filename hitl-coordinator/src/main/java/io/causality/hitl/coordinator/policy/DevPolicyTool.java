package io.causality.hitl.coordinator.policy;

import io.causality.hitl.coordinator.crypto.KeyFilePermissions;
import io.causality.hitl.protocol.crypto.KeyPairs;
import io.causality.hitl.protocol.crypto.PemKeys;
import io.causality.hitl.protocol.policy.AdaptiveEscalationPolicy;
import io.causality.hitl.protocol.policy.CoordinatorKey;
import io.causality.hitl.protocol.policy.DeploymentPolicy;
import io.causality.hitl.protocol.policy.GatePolicy;
import io.causality.hitl.protocol.policy.HitlPolicy;
import io.causality.hitl.protocol.policy.PolicyAuthority;
import io.causality.hitl.protocol.policy.PolicyFiles;
import io.causality.hitl.protocol.policy.SignedPolicy;
import io.causality.hitl.protocol.wire.EvaluationFields;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.KeyPair;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * Makes what a coordinator needs to start in development and quickstarts: authority key pairs, a
 * policy-signing key pair, and a deployment policy with {@code hitl} and {@code gate} sections
 * signed by the policy-signing key. Also re-signs and verifies policy files.
 *
 * <p>Private keys are written as PKCS#8 PEM with owner-only permissions and never overwritten;
 * public keys as {@code BEGIN PUBLIC KEY} PEM.
 */
public final class DevPolicyTool {

  /** The file stem of the policy-signing key pair that {@link #bootstrap} makes. */
  public static final String POLICY_SIGNING_KEY = "policy-signing";

  /** The file stem and key id of the coordinator's own key pair that {@link #bootstrap} makes. */
  public static final String COORDINATOR_KEY = "coordinator";

  /** The policy file name that {@link #bootstrap} writes. */
  public static final String POLICY_FILE = "policy.json";

  private static final Pattern SAFE_NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]*");

  private final SecureRandom random;
  private final int keyBits;

  /** A tool that makes {@link KeyPairs#DEFAULT_BITS}-bit keys. */
  public DevPolicyTool(SecureRandom random) {
    this(random, KeyPairs.DEFAULT_BITS);
  }

  public DevPolicyTool(SecureRandom random, int keyBits) {
    this.random = Objects.requireNonNull(random, "random");
    this.keyBits = keyBits;
  }

  /** An authority to create: its key id names its key files. */
  public record DevAuthority(String keyId, String operatorId) {}

  /** The two files of a generated key pair. */
  public record KeyFiles(Path privateKey, Path publicKey) {}

  /**
   * What {@link #bootstrap} wrote.
   *
   * @param policyFile the signed policy
   * @param trustedKey the policy-signing public key (config {@code trustedKeyPemPath})
   * @param policySigning the policy-signing key pair files
   * @param authorityKeys key id to its key pair files
   * @param coordinatorKey the coordinator's own key pair files (the policy's coordinatorKey)
   */
  public record DevSetup(
      Path policyFile,
      Path trustedKey,
      KeyFiles policySigning,
      Map<String, KeyFiles> authorityKeys,
      KeyFiles coordinatorKey) {}

  /**
   * The policy values a bootstrap writes.
   *
   * @param policyVersion policy version
   * @param maxTokenTtlMs token lifetime cap
   * @param adaptiveEscalation adaptive gating
   * @param gate the state gate
   * @param requiredApprovals the quorum of distinct operators an approval needs
   */
  public record PolicyValues(
      long policyVersion,
      long maxTokenTtlMs,
      AdaptiveEscalationPolicy adaptiveEscalation,
      GatePolicy gate,
      int requiredApprovals) {

    /** Values with the default quorum of one approval. */
    public PolicyValues(
        long policyVersion,
        long maxTokenTtlMs,
        AdaptiveEscalationPolicy adaptiveEscalation,
        GatePolicy gate) {
      this(
          policyVersion,
          maxTokenTtlMs,
          adaptiveEscalation,
          gate,
          HitlPolicy.DEFAULT_REQUIRED_APPROVALS);
    }

    /** The same values with another quorum. */
    public PolicyValues withRequiredApprovals(int approvals) {
      return new PolicyValues(policyVersion, maxTokenTtlMs, adaptiveEscalation, gate, approvals);
    }

    /** Version 1, one-hour tokens, gating on with a five-minute cooldown, floor 0.35. */
    public static PolicyValues defaults() {
      return new PolicyValues(
          1,
          3_600_000,
          new AdaptiveEscalationPolicy(true, 300_000, true),
          new GatePolicy(
              EvaluationFields.MODE_STATE_GATE,
              EvaluationFields.METRIC_GAMMA,
              0.35,
              GatePolicy.DEFAULT_TREND_METRIC));
    }
  }

  /**
   * Generates {@code <name>.private.pem} and {@code <name>.public.pem} in {@code dir}.
   *
   * @throws IllegalStateException when the private key file exists already
   */
  public KeyFiles generateKeyPair(Path dir, String name) {
    requireSafeName(name);
    return generateKeyPair(dir.resolve(name + ".private.pem"), dir.resolve(name + ".public.pem"));
  }

  /**
   * Generates a key pair into the given files: the private key as PKCS#8 PEM, owner-only, the
   * public key as {@code BEGIN PUBLIC KEY} PEM.
   *
   * @throws IllegalStateException when the private key file exists already
   */
  public KeyFiles generateKeyPair(Path privateKey, Path publicKey) {
    KeyPair pair = KeyPairs.generate(keyBits, random);
    writePrivate(privateKey, PemKeys.toPkcs8Pem(pair.getPrivate()));
    writeAtomically(publicKey, PemKeys.toPem(pair.getPublic()));
    return new KeyFiles(privateKey, publicKey);
  }

  /** Writes the public half of an existing private key file (replacing the public file). */
  public static Path writePublicKey(Path privateKey, Path publicKey) {
    writeAtomically(
        publicKey, PemKeys.toPem(PemKeys.publicKeyOf(PemKeys.readPrivateKey(privateKey))));
    return publicKey;
  }

  /**
   * The public key file that goes with a private key file, as the key commands name them: {@code
   * ops-1.pem} goes with {@code ops-1.pub.pem}, {@code key} with {@code key.pub.pem}.
   */
  public static Path publicKeyFileFor(Path privateKey) {
    String name = privateKey.getFileName().toString();
    String stem = name.endsWith(".pem") ? name.substring(0, name.length() - 4) : name;
    return privateKey.resolveSibling(stem + ".pub.pem");
  }

  /**
   * Builds a policy whose authorities are read from public key files, signs it with the
   * policy-signing private key and writes it; it names no coordinator key.
   *
   * @param authorityPublicKeys key id to operator id and public key file, in order
   */
  public SignedPolicy writePolicy(
      Path policyFile,
      PolicyValues values,
      Map<DevAuthority, Path> authorityPublicKeys,
      Path signingPrivateKey,
      String signingKeyId) {
    return writePolicy(
        policyFile, values, authorityPublicKeys, null, null, signingPrivateKey, signingKeyId);
  }

  /**
   * Builds a policy whose authorities and coordinator key are read from public key files, signs it
   * with the policy-signing private key and writes it.
   *
   * @param authorityPublicKeys key id to operator id and public key file, in order
   * @param coordinatorKeyId the coordinator key's id; null for none
   * @param coordinatorPublicKey the coordinator's public key file; null for none
   */
  public SignedPolicy writePolicy(
      Path policyFile,
      PolicyValues values,
      Map<DevAuthority, Path> authorityPublicKeys,
      String coordinatorKeyId,
      Path coordinatorPublicKey,
      Path signingPrivateKey,
      String signingKeyId) {
    List<PolicyAuthority> authorities = new ArrayList<>();
    authorityPublicKeys.forEach(
        (authority, pub) ->
            authorities.add(
                new PolicyAuthority(
                    authority.keyId(),
                    authority.operatorId(),
                    PemKeys.toPem(PemKeys.readPublicKey(pub)))));
    DeploymentPolicy policy =
        new DeploymentPolicy(
            values.policyVersion(),
            authorities,
            new HitlPolicy(
                values.maxTokenTtlMs(), values.adaptiveEscalation(), values.requiredApprovals()),
            values.gate(),
            coordinatorPublicKey == null
                ? null
                : new CoordinatorKey(
                    coordinatorKeyId, PemKeys.toPem(PemKeys.readPublicKey(coordinatorPublicKey))));
    SignedPolicy signed =
        PolicyFiles.sign(policy, PemKeys.readPrivateKey(signingPrivateKey), signingKeyId);
    writeAtomically(policyFile, PolicyFiles.write(signed));
    return signed;
  }

  /** Re-signs an edited policy file in place, keeping every member as it stands. */
  public SignedPolicy signPolicy(Path policyFile, Path signingPrivateKey, String signingKeyId) {
    return signPolicy(policyFile, signingPrivateKey, signingKeyId, policyFile);
  }

  /** Signs the policy of {@code policyFile}, every member as it stands, into {@code out}. */
  public SignedPolicy signPolicy(
      Path policyFile, Path signingPrivateKey, String signingKeyId, Path out) {
    SignedPolicy signed =
        PolicyFiles.resign(
            PolicyLoader.load(policyFile), PemKeys.readPrivateKey(signingPrivateKey), signingKeyId);
    writeAtomically(out, PolicyFiles.write(signed));
    return signed;
  }

  /** Whether a policy file's signature verifies with a trusted public key file. */
  public boolean verifyPolicy(Path policyFile, Path trustedPublicKey) {
    return PolicyFiles.verify(
        PolicyLoader.load(policyFile), PemKeys.readPublicKey(trustedPublicKey));
  }

  /**
   * Everything at once in {@code dir}: a policy-signing key pair, one key pair per authority, the
   * coordinator's own key pair and a signed {@code policy.json} naming them.
   */
  public DevSetup bootstrap(Path dir, List<DevAuthority> authorities, PolicyValues values) {
    createDirectories(dir);
    KeyFiles signing = generateKeyPair(dir, POLICY_SIGNING_KEY);
    Map<String, KeyFiles> keys = new LinkedHashMap<>();
    Map<DevAuthority, Path> publicKeys = new LinkedHashMap<>();
    for (DevAuthority authority : authorities) {
      KeyFiles files = generateKeyPair(dir, authority.keyId());
      keys.put(authority.keyId(), files);
      publicKeys.put(authority, files.publicKey());
    }
    KeyFiles coordinator = generateKeyPair(dir, COORDINATOR_KEY);
    Path policyFile = dir.resolve(POLICY_FILE);
    writePolicy(
        policyFile,
        values,
        publicKeys,
        COORDINATOR_KEY,
        coordinator.publicKey(),
        signing.privateKey(),
        POLICY_SIGNING_KEY);
    return new DevSetup(policyFile, signing.publicKey(), signing, Map.copyOf(keys), coordinator);
  }

  private static void requireSafeName(String name) {
    if (name == null || !SAFE_NAME.matcher(name).matches()) {
      throw new IllegalArgumentException(
          "key name must be letters, digits, '.', '_' or" + " '-': " + name);
    }
  }

  private static void writePrivate(Path file, String pem) {
    createNewFile(file);
    try {
      Files.writeString(file, pem, StandardCharsets.US_ASCII);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + file, e);
    }
  }

  /** Creates the file, owner-only from the start where the file system allows it. */
  private static void createNewFile(Path file) {
    try {
      if (KeyFilePermissions.isPosix(file)) {
        Files.createFile(file, PosixFilePermissions.asFileAttribute(KeyFilePermissions.OWNER_ONLY));
      } else {
        Files.createFile(file);
      }
    } catch (FileAlreadyExistsException e) {
      throw new IllegalStateException(file + " exists; refusing to overwrite a key", e);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot create " + file, e);
    }
  }

  private static void writeAtomically(Path file, String text) {
    Path parent = file.toAbsolutePath().getParent();
    try {
      Path temp = Files.createTempFile(parent, file.getFileName().toString(), ".tmp");
      Files.writeString(temp, text, StandardCharsets.UTF_8);
      // Public keys and policies are meant to be read by other services.
      setPermissions(temp, "rw-r--r--");
      Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + file, e);
    }
  }

  private static void setPermissions(Path file, String permissions) throws IOException {
    // Elsewhere the platform's defaults apply.
    if (KeyFilePermissions.isPosix(file)) {
      Files.setPosixFilePermissions(file, PosixFilePermissions.fromString(permissions));
    }
  }

  private static void createDirectories(Path dir) {
    try {
      Files.createDirectories(dir);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot create " + dir, e);
    }
  }
}
