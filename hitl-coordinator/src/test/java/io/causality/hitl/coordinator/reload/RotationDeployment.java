package io.causality.hitl.coordinator.reload;

import io.causality.hitl.coordinator.CoordinatorHttp;
import io.causality.hitl.coordinator.TestDeployment;
import io.causality.hitl.coordinator.crypto.TestKeyPairs;
import io.causality.hitl.coordinator.policy.DevPolicyTool;
import io.causality.hitl.coordinator.policy.DevPolicyTool.DevAuthority;
import io.causality.hitl.coordinator.policy.DevPolicyTool.PolicyValues;
import io.causality.hitl.protocol.policy.AdaptiveEscalationPolicy;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A coordinator deployment whose configuration file a test rewrites between reloads: operator-1's
 * key ops-1 (A) and its successor ops-1-next (B), operator-2's ops-2, a trusted policy-signing key,
 * and {@code coordinator.yml} naming them. The policy and key paths live in the file itself (not in
 * {@code -Ddw.} overrides, which a reload would apply again over the file's new values).
 */
final class RotationDeployment {
  static final String KEY_A = TestDeployment.KEY_ID;
  static final String KEY_B = "ops-1-next";
  static final String OPERATOR = TestDeployment.OPERATOR_ID;
  static final long MAX_TOKEN_TTL_MS = TestDeployment.MAX_TOKEN_TTL_MS;

  private static final HttpClient ADMIN = HttpClient.newHttpClient();

  private final TestDeployment files = TestDeployment.plain();
  private final Path config = files.dir().resolve("coordinator.yml");

  RotationDeployment() {
    files.writePrivateKey("ops-1-next.pem", TestKeyPairs.ALICE_NEXT);
    files.writePublicKey("ops-1-next.pub.pem", TestKeyPairs.ALICE_NEXT);
    files.writePrivateKey("signing.pem", TestKeyPairs.POLICY_SIGNING);
    files.writePrivateKey("rogue.pem", TestKeyPairs.BOB);
  }

  /** A private key file of {@code pair} in the deployment folder. */
  Path writePrivateKey(String name, KeyPair pair) {
    return files.writePrivateKey(name, pair);
  }

  Path config() {
    return config;
  }

  Path dir() {
    return files.dir();
  }

  /** The policy file of version {@code version}: A and ops-2, and B when {@code withB}. */
  Path policy(String name, long version, boolean withB, KeyPair signing) {
    return policy(name, version, TestDeployment.MAX_TOKEN_TTL_MS, withB, signing);
  }

  Path policy(String name, long version, long maxTokenTtlMs, boolean withB, KeyPair signing) {
    return policy(name, version, maxTokenTtlMs, 1, withB, signing);
  }

  /** As above, with a quorum of {@code requiredApprovals} operators. */
  Path policy(
      String name,
      long version,
      long maxTokenTtlMs,
      int requiredApprovals,
      boolean withB,
      KeyPair signing) {
    Map<DevAuthority, Path> authorities = new LinkedHashMap<>();
    authorities.put(new DevAuthority(KEY_A, OPERATOR), files.dir().resolve("ops-1.pub.pem"));
    files.writePublicKey("ops-1.pub.pem", TestKeyPairs.ALICE);
    if (withB) {
      authorities.put(new DevAuthority(KEY_B, OPERATOR), files.dir().resolve("ops-1-next.pub.pem"));
    }
    authorities.put(
        new DevAuthority(TestDeployment.OTHER_KEY_ID, "operator-2"),
        files.writePublicKey("ops-2.pub.pem", TestKeyPairs.BOB));
    PolicyValues base = TestDeployment.values(AdaptiveEscalationPolicy.DISABLED);
    PolicyValues values =
        new PolicyValues(
            version, maxTokenTtlMs, base.adaptiveEscalation(), base.gate(), requiredApprovals);
    Path file = files.dir().resolve(name);
    Path key =
        files.dir().resolve(signing == TestKeyPairs.POLICY_SIGNING ? "signing.pem" : "rogue.pem");
    new DevPolicyTool(new SecureRandom(), 2048)
        .writePolicy(
            file,
            values,
            authorities,
            TestKeyPairs.COORDINATOR_KEY_ID,
            files.writePublicKey("coordinator.pub.pem", TestKeyPairs.COORDINATOR),
            key,
            "policy-signing");
    return file;
  }

  /** Writes the configuration: the policy, A (retiring at {@code aRetiresAt} if set), B if set. */
  void configure(Path policy, Instant aRetiresAt, boolean withB) {
    configure(policy, aRetiresAt, withB, files.coordinatorKey());
  }

  /**
   * As above, with the coordinator's own private key at {@code coordinatorKey}; the callers are the
   * test runtime and alice, operator-1 ({@link io.causality.hitl.coordinator.CoordinatorHttp}).
   */
  void configure(Path policy, Instant aRetiresAt, boolean withB, Path coordinatorKey) {
    StringBuilder yaml = new StringBuilder();
    yaml.append("bind: 127.0.0.1:0\n")
        .append("dbPath: ")
        .append(files.dir().resolve("db"))
        .append('\n')
        .append("pendingRequestTtlMs: 3600000\n")
        .append("defaultTokenTtlMs: ")
        .append(TestDeployment.DEFAULT_TOKEN_TTL_MS)
        .append('\n')
        .append("policy:\n")
        .append("  path: ")
        .append(policy)
        .append('\n')
        .append("  trustedKeyPemPath: ")
        .append(files.trustedKey())
        .append('\n')
        .append("authorities:\n")
        .append("  - keyId: ")
        .append(KEY_A)
        .append('\n')
        .append("    operatorId: ")
        .append(OPERATOR)
        .append('\n')
        .append("    privateKeyPemPath: ")
        .append(files.authorityKey())
        .append('\n');
    if (aRetiresAt != null) {
      yaml.append("    retiresAt: ").append(aRetiresAt).append('\n');
    }
    if (withB) {
      yaml.append("  - keyId: ")
          .append(KEY_B)
          .append('\n')
          .append("    operatorId: ")
          .append(OPERATOR)
          .append('\n')
          .append("    privateKeyPemPath: ")
          .append(files.dir().resolve("ops-1-next.pem"))
          .append('\n');
    }
    yaml.append("coordinatorKey:\n  privateKeyPemPath: ").append(coordinatorKey).append('\n');
    yaml.append("callers:\n")
        .append("  - id: runtime\n    token: ")
        .append(CoordinatorHttp.RUNTIME_TOKEN)
        .append("\n    roles: [submitter, redeemer]\n")
        .append("  - id: alice\n    token: ")
        .append(CoordinatorHttp.OPERATOR_TOKEN)
        .append("\n    roles: [operator]\n    operatorId: ")
        .append(OPERATOR)
        .append('\n');
    // sighupReloads submits until the signal was handled, which a loaded machine may take long
    yaml.append("rateLimits:\n  enabled: false\n");
    yaml.append("admin:\n  tokenFile: ").append(adminToken()).append('\n');
    yaml.append("server:\n  adminConnectors:\n    - type: http\n      bindHost: 127.0.0.1\n")
        .append("      port: 0\n")
        .append("logging:\n  level: WARN\n");
    try {
      Files.writeString(config, yaml.toString());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The file of the admin port's token, which the first start writes. */
  Path adminToken() {
    return files.dir().resolve("admin-token");
  }

  /** A reload through the admin task, with the admin port's token: its status and body. */
  HttpResponse<String> reload(int adminPort) {
    try {
      HttpRequest request =
          HttpRequest.newBuilder(
                  URI.create("http://127.0.0.1:" + adminPort + "/tasks/reload-policy"))
              .header("Authorization", "Bearer " + Files.readString(adminToken()).strip())
              .POST(HttpRequest.BodyPublishers.noBody())
              .build();
      return ADMIN.send(request, HttpResponse.BodyHandlers.ofString());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }
}
