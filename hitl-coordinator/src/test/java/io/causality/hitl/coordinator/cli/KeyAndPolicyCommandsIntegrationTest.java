package io.causality.hitl.coordinator.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.causality.hitl.coordinator.CoordinatorApplication;
import io.causality.hitl.coordinator.CoordinatorConfiguration;
import io.causality.hitl.coordinator.policy.AuthorityKeyConfig;
import io.causality.hitl.coordinator.policy.CoordinatorKeyCheck;
import io.causality.hitl.coordinator.policy.DevInit;
import io.causality.hitl.coordinator.policy.StartupChecks;
import io.causality.hitl.coordinator.policy.StartupReport;
import io.causality.hitl.protocol.crypto.PemKeys;
import io.dropwizard.core.cli.Cli;
import io.dropwizard.core.setup.Bootstrap;
import io.dropwizard.util.JarLocation;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code dev-init}, {@code keys generate}, {@code policy sign} and {@code policy verify} through
 * Dropwizard's command line, as ops scripts run them from the jar.
 */
class KeyAndPolicyCommandsIntegrationTest {
  @TempDir Path dir;

  private record Result(boolean ok, String out, String err) {}

  private Result run(String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    CoordinatorApplication application = new CoordinatorApplication();
    Bootstrap<CoordinatorConfiguration> bootstrap = new Bootstrap<>(application);
    application.initialize(bootstrap);
    Cli cli = new Cli(new JarLocation(getClass()), bootstrap, out, err);
    PrintStream systemOut = System.out;
    Optional<Throwable> failure;
    try {
      // The commands answer on System.out, as scripts capture it.
      System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
      failure = cli.run(args);
    } finally {
      System.setOut(systemOut);
    }
    return new Result(
        failure.isEmpty(),
        out.toString(StandardCharsets.UTF_8).strip(),
        err.toString(StandardCharsets.UTF_8).strip());
  }

  private static String permissions(Path file) throws Exception {
    return PosixFilePermissions.toString(Files.getPosixFilePermissions(file));
  }

  private static StartupReport startupChecks(DevInit.Layout layout) {
    return StartupChecks.run(
        layout.policyFile(),
        300_000,
        List.of(
            new AuthorityKeyConfig(
                DevInit.AUTHORITY_KEY_ID, DevInit.OPERATOR_ID, layout.authorityKey())),
        Optional.of(layout.keys().resolve("policy-signing.pub.pem")));
  }

  @Test
  void devInitWritesADeploymentTheCoordinatorAccepts() throws Exception {
    Path var = dir.resolve("var");
    DevInit.Layout layout = new DevInit.Layout(var);

    Result result = run("dev-init", "--dir", var.toString(), "--bits", "2048");

    assertThat(result.ok()).as(result.err()).isTrue();
    assertThat(result.out().lines().filter(line -> line.startsWith("created "))).hasSize(9);
    assertThat(permissions(layout.authorityKey())).isEqualTo("rw-------");
    assertThat(permissions(layout.coordinatorKey())).isEqualTo("rw-------");
    assertThat(permissions(layout.signingKey())).isEqualTo("rw-------");
    assertThat(permissions(layout.keys())).isEqualTo("rwx------");
    // var/ also holds the embedded databases: created owner-only
    assertThat(permissions(var)).isEqualTo("rwx------");
    StartupReport report = startupChecks(layout);
    assertThat(report.warnings()).isEmpty();
    assertThat(report.policy().gate().gammaFloor()).isEqualTo(0.35);
    assertThat(report.signers().keyIds()).containsExactly("ops-1");
    assertThat(
            CoordinatorKeyCheck.load(
                    report.policy(),
                    layout.policyFile(),
                    layout.coordinatorKey(),
                    new ArrayList<>())
                .keyId())
        .isEqualTo(DevInit.COORDINATOR_KEY_ID);
  }

  @Test
  void devInitWritesTheCallersTokensOwnerOnly() throws Exception {
    Path var = dir.resolve("var");
    DevInit.Layout layout = new DevInit.Layout(var);

    run("dev-init", "--dir", var.toString(), "--bits", "2048");

    for (Path token : List.of(layout.runtimeToken(), layout.operatorToken())) {
      assertThat(permissions(token)).isEqualTo("rw-------");
      assertThat(Files.readString(token).strip()).matches("[A-Za-z0-9_-]{43}");
    }
    assertThat(permissions(layout.secrets())).isEqualTo("rwx------");
    assertThat(Files.readString(layout.runtimeToken()))
        .isNotEqualTo(Files.readString(layout.operatorToken()));
  }

  /**
   * Found by review: dev-init wrote the policy-signing private key beside the public key the
   * services trust. It goes to offline/ now, which no service reads, and dev-init says so.
   */
  @Test
  void devInitKeepsThePolicySigningPrivateKeyApartAndSaysSo() throws Exception {
    Path var = dir.resolve("var");
    DevInit.Layout layout = new DevInit.Layout(var);

    Result result = run("dev-init", "--dir", var.toString(), "--bits", "2048");

    try (var keys = Files.list(layout.keys())) {
      assertThat(keys.map(p -> p.getFileName().toString()))
          .doesNotContain("policy-signing.pem")
          .contains("policy-signing.pub.pem");
    }
    assertThat(layout.signingKey().getParent()).isEqualTo(var.resolve("offline"));
    assertThat(permissions(layout.offline())).isEqualTo("rwx------");
    assertThat(result.out())
        .contains("note: the policy-signing private key is " + layout.signingKey())
        .contains("no service reads it");
  }

  @Test
  void devInitMovesAnOlderDeploymentsSigningKeyOutOfTheTrustedKeys() throws Exception {
    Path var = dir.resolve("var");
    DevInit.Layout layout = new DevInit.Layout(var);
    run("dev-init", "--dir", var.toString(), "--bits", "2048");
    Path former = layout.keys().resolve("policy-signing.pem");
    Files.move(layout.signingKey(), former);
    String key = Files.readString(former);

    Result result = run("dev-init", "--dir", var.toString(), "--bits", "2048");

    assertThat(result.out()).contains("moved from " + former);
    assertThat(former).doesNotExist();
    assertThat(layout.signingKey()).hasContent(key);
    assertThat(startupChecks(layout).warnings()).isEmpty();
  }

  @Test
  void devInitKeepsWhatExistsUnlessForced() throws Exception {
    Path var = dir.resolve("var");
    DevInit.Layout layout = new DevInit.Layout(var);
    run("dev-init", "--dir", var.toString(), "--bits", "2048");
    String key = Files.readString(layout.authorityKey());
    String policy = Files.readString(layout.policyFile());

    Result again = run("dev-init", "--dir", var.toString(), "--bits", "2048");
    assertThat(again.ok()).isTrue();
    assertThat(again.out()).doesNotContain("created ").contains("kept ", "--force");
    assertThat(layout.runtimeToken()).hasContent(Files.readString(layout.runtimeToken()));
    assertThat(layout.authorityKey()).hasContent(key);
    assertThat(layout.policyFile()).hasContent(policy);

    Result forced = run("dev-init", "--dir", var.toString(), "--bits", "2048", "--force");
    assertThat(forced.ok()).isTrue();
    assertThat(Files.readString(layout.authorityKey())).isNotEqualTo(key);
    assertThat(startupChecks(layout).warnings()).isEmpty();
  }

  @Test
  void devInitRewritesThePolicyWhenAKeyWasMissing() throws Exception {
    Path var = dir.resolve("var");
    DevInit.Layout layout = new DevInit.Layout(var);
    run("dev-init", "--dir", var.toString(), "--bits", "2048");
    Files.delete(layout.authorityKey());

    Result result = run("dev-init", "--dir", var.toString(), "--bits", "2048");

    assertThat(result.out())
        .contains(
            "created " + layout.authorityKey(),
            "created " + layout.policyFile(),
            "kept    " + layout.signingKey());
    assertThat(startupChecks(layout).signers().keyIds()).containsExactly("ops-1");
  }

  @Test
  void theShippedConfigPointsWhereDevInitWritesFromTheRepositoryRoot() throws Exception {
    JsonNode config =
        new ObjectMapper(new YAMLFactory())
            .readTree(Path.of("..", "config", "hitl-coordinator.yml").toFile());
    DevInit.Layout layout = new DevInit.Layout(Path.of("var"));

    assertThat(config.at("/policy/path").asText()).isEqualTo(layout.policyFile().toString());
    assertThat(config.at("/policy/trustedKeyPemPath").asText())
        .isEqualTo(layout.keys().resolve("policy-signing.pub.pem").toString());
    JsonNode authority = config.at("/authorities/0");
    assertThat(authority.get("keyId").asText()).isEqualTo(DevInit.AUTHORITY_KEY_ID);
    assertThat(authority.get("operatorId").asText()).isEqualTo(DevInit.OPERATOR_ID);
    assertThat(authority.get("privateKeyPemPath").asText())
        .isEqualTo(layout.authorityKey().toString());
    assertThat(config.at("/coordinatorKey/privateKeyPemPath").asText())
        .isEqualTo(layout.coordinatorKey().toString());
    assertThat(config.at("/callers/0/tokenFile").asText())
        .isEqualTo(layout.runtimeToken().toString());
    assertThat(config.at("/callers/1/tokenFile").asText())
        .isEqualTo(layout.operatorToken().toString());
    assertThat(config.at("/callers/1/operatorId").asText()).isEqualTo(DevInit.OPERATOR_ID);
    JsonNode sim =
        new ObjectMapper(new YAMLFactory())
            .readTree(Path.of("..", "config", "sim-server.yml").toFile());
    assertThat(sim.at("/evaluation/coordinatorTokenFile").asText())
        .isEqualTo(layout.runtimeToken().toString());
  }

  @Test
  void keysGenerateWritesAnOwnerOnlyPairAndNeverOverwrites() throws Exception {
    Path key = dir.resolve("ops-2.pem");

    Result result = run("keys", "generate", "--out", key.toString(), "--bits", "2048");

    assertThat(result.ok()).as(result.err()).isTrue();
    Path pub = dir.resolve("ops-2.pub.pem");
    assertThat(result.out()).contains(key.toString(), pub.toString());
    assertThat(permissions(key)).isEqualTo("rw-------");
    assertThat(
            PemKeys.samePublicKey(
                PemKeys.readPublicKey(pub), PemKeys.publicKeyOf(PemKeys.readPrivateKey(key))))
        .isTrue();
    String before = Files.readString(key);
    Result again = run("keys", "generate", "--out", key.toString(), "--bits", "2048");
    assertThat(again.ok()).isFalse();
    assertThat(again.err()).startsWith("error: ").contains("refusing to overwrite");
    assertThat(key).hasContent(before);
    Result weak =
        run("keys", "generate", "--out", dir.resolve("weak.pem").toString(), "--bits", "1024");
    assertThat(weak.ok()).isFalse();
    assertThat(weak.err()).contains("at least 2048 bits");
  }

  @Test
  void policySignAndVerifyRoundTrip() throws Exception {
    Path var = dir.resolve("var");
    DevInit.Layout layout = new DevInit.Layout(var);
    run("dev-init", "--dir", var.toString(), "--bits", "2048");
    String trusted = layout.keys().resolve("policy-signing.pub.pem").toString();
    String policy = layout.policyFile().toString();

    Result verified = run("policy", "verify", "--policy", policy, "--key", trusted);
    assertThat(verified.ok()).as(verified.err()).isTrue();
    assertThat(verified.out()).startsWith("verified " + policy);

    Files.writeString(
        layout.policyFile(), Files.readString(layout.policyFile()).replace("0.35", "0.25"));
    Result tampered = run("policy", "verify", "--policy", policy, "--key", trusted);
    assertThat(tampered.ok()).isFalse();
    assertThat(tampered.err())
        .isEqualTo("error: policy file " + policy + ": signature does not verify with " + trusted);

    Path resigned = dir.resolve("resigned.json");
    Result signed =
        run(
            "policy",
            "sign",
            "--policy",
            policy,
            "--key",
            layout.signingKey().toString(),
            "--out",
            resigned.toString());
    assertThat(signed.ok()).as(signed.err()).isTrue();
    assertThat(run("policy", "verify", "--policy", resigned.toString(), "--key", trusted).ok())
        .isTrue();
    assertThat(run("policy", "verify", "--policy", policy, "--key", trusted).ok()).isFalse();
    assertThat(
            run("policy", "sign", "--policy", policy, "--key", layout.signingKey().toString()).ok())
        .isTrue();
    assertThat(run("policy", "verify", "--policy", policy, "--key", trusted).ok()).isTrue();
  }

  @Test
  void policyVerifyRefusesAnotherKeyAndMissingFiles() throws Exception {
    Path var = dir.resolve("var");
    DevInit.Layout layout = new DevInit.Layout(var);
    run("dev-init", "--dir", var.toString(), "--bits", "2048");

    Result wrongKey =
        run(
            "policy",
            "verify",
            "--policy",
            layout.policyFile().toString(),
            "--key",
            layout.keys().resolve("ops-1.pub.pem").toString());
    Result missing =
        run(
            "policy",
            "verify",
            "--policy",
            dir.resolve("none.json").toString(),
            "--key",
            layout.keys().resolve("ops-1.pub.pem").toString());

    assertThat(wrongKey.ok()).isFalse();
    assertThat(wrongKey.err()).contains("does not verify");
    assertThat(missing.ok()).isFalse();
    assertThat(missing.err())
        .isEqualTo("error: policy file " + dir.resolve("none.json") + ": no such file");
  }
}
