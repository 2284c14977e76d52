package io.causality.hitl.coordinator.policy;

import io.causality.hitl.coordinator.crypto.CoordinatorSigner;
import io.causality.hitl.coordinator.crypto.KeyFilePermissions;
import io.causality.hitl.protocol.crypto.KeyFormatException;
import io.causality.hitl.protocol.crypto.PemKeys;
import io.causality.hitl.protocol.policy.CoordinatorKey;
import io.causality.hitl.protocol.policy.DeploymentPolicy;
import java.nio.file.Path;
import java.util.List;

/**
 * The startup check of the coordinator's own key: the policy names it ({@code coordinatorKey}), and
 * the configured private key ({@code coordinatorKey.privateKeyPemPath}) is its private half. The
 * evaluation runtime verifies redemption answers, and {@code audit verify} checkpoints, with the
 * policy's public key, so a coordinator signing with another key would be refused by both.
 */
public final class CoordinatorKeyCheck {
  private CoordinatorKeyCheck() {}

  /**
   * The coordinator's signer; adds a warning when its key file is open to other users.
   *
   * @throws StartupCheckException naming the policy file or the key file and the problem
   */
  public static CoordinatorSigner load(
      DeploymentPolicy policy, Path policyFile, Path privateKeyFile, List<String> warnings) {
    CoordinatorKey key =
        policy
            .coordinatorKeySection()
            .orElseThrow(
                () ->
                    new StartupCheckException(
                        "policy file "
                            + policyFile
                            + ": no coordinatorKey; the coordinator signs its redemption answers"
                            + " and audit checkpoints with it (dev-init writes one,"
                            + " docs/coordinator.md)"));
    CoordinatorSigner signer;
    try {
      signer = new CoordinatorSigner(key.keyId(), PemKeys.readPrivateKey(privateKeyFile));
    } catch (KeyFormatException e) {
      throw new StartupCheckException("coordinatorKey: private key " + e.getMessage(), e);
    }
    if (!PemKeys.samePublicKey(signer.publicKey(), key.publicKey())) {
      throw new StartupCheckException(
          "coordinatorKey: private key "
              + privateKeyFile
              + " does not match the coordinatorKey "
              + key.keyId()
              + " of policy file "
              + policyFile);
    }
    KeyFilePermissions.warning(privateKeyFile).ifPresent(warnings::add);
    return signer;
  }
}
