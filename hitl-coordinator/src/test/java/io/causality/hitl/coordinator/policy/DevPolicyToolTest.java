package io.causality.hitl.coordinator.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.causality.hitl.coordinator.policy.DevPolicyTool.DevAuthority;
import io.causality.hitl.coordinator.policy.DevPolicyTool.DevSetup;
import io.causality.hitl.coordinator.policy.DevPolicyTool.PolicyValues;
import io.causality.hitl.protocol.crypto.PemKeys;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DevPolicyToolTest {

  @TempDir Path dir;

  private final DevPolicyTool tool = new DevPolicyTool(new SecureRandom(), 2048);

  @Test
  void bootstrapMakesEverythingTheCoordinatorNeedsToStart() throws Exception {
    DevSetup setup =
        tool.bootstrap(
            dir.resolve("dev"),
            List.of(new DevAuthority("ops-1", "alice"), new DevAuthority("ops-2", "bob")),
            PolicyValues.defaults());

    StartupReport report =
        StartupChecks.run(
            setup.policyFile(),
            600_000,
            List.of(
                new AuthorityKeyConfig(
                    "ops-1", "alice", setup.authorityKeys().get("ops-1").privateKey()),
                new AuthorityKeyConfig(
                    "ops-2", "bob", setup.authorityKeys().get("ops-2").privateKey())),
            Optional.of(setup.trustedKey()));

    assertThat(report.warnings()).isEmpty();
    assertThat(report.policy().gate().gammaFloor()).isEqualTo(0.35);
    assertThat(report.hitl().adaptiveEscalation().enabled()).isTrue();
    assertThat(Files.readString(setup.policySigning().privateKey()))
        .startsWith("-----BEGIN PRIVATE KEY-----");
  }

  @Test
  void privateKeysAreOwnerOnlyAndNeverOverwritten() throws Exception {
    DevPolicyTool.KeyFiles files = tool.generateKeyPair(dir, "ops-1");

    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(files.privateKey())))
        .isEqualTo("rw-------");
    assertThat(
            PemKeys.samePublicKey(
                PemKeys.readPublicKey(files.publicKey()),
                PemKeys.publicKeyOf(PemKeys.readPrivateKey(files.privateKey()))))
        .isTrue();
    assertThatThrownBy(() -> tool.generateKeyPair(dir, "ops-1"))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("refusing to overwrite");
  }

  @Test
  void keyNamesCannotEscapeTheDirectory() {
    assertThatThrownBy(() -> tool.generateKeyPair(dir, "../x"))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void anEditedPolicyVerifiesOnlyAfterResigning() throws Exception {
    DevSetup setup =
        tool.bootstrap(dir, List.of(new DevAuthority("ops-1", "alice")), PolicyValues.defaults());
    Path policy = setup.policyFile();
    Files.writeString(policy, Files.readString(policy).replace("0.35", "0.4"));

    assertThat(tool.verifyPolicy(policy, setup.trustedKey())).isFalse();

    tool.signPolicy(policy, setup.policySigning().privateKey(), "policy-signing");

    assertThat(tool.verifyPolicy(policy, setup.trustedKey())).isTrue();
    assertThat(PolicyLoader.load(policy).policy().gate().gammaFloor()).isEqualTo(0.4);
  }
}
