package io.causality.hitl.coordinator.cli;

import io.causality.hitl.coordinator.policy.DevPolicyTool;
import io.causality.hitl.coordinator.policy.PolicyLoader;
import io.causality.hitl.protocol.crypto.PemKeys;
import io.causality.hitl.protocol.policy.PolicyFiles;
import io.causality.hitl.protocol.policy.SignedPolicy;
import java.io.PrintStream;
import java.nio.file.Path;
import java.security.SecureRandom;
import net.sourceforge.argparse4j.inf.Namespace;
import net.sourceforge.argparse4j.inf.Subparser;
import net.sourceforge.argparse4j.inf.Subparsers;

/**
 * {@code policy sign --policy F --key PRIVATE_PEM [--out F] [--key-id ID]} signs a deployment
 * policy file as it stands (after an edit, say); {@code policy verify --policy F --key PUBLIC_PEM}
 * checks its signature, exit status 0 when it verifies and 1 when not.
 */
public final class PolicyCommand extends ToolCommand {
  public PolicyCommand() {
    super("policy", "Deployment policy files: 'policy sign' and 'policy verify'");
  }

  @Override
  public void configure(Subparser subparser) {
    Subparsers actions = subparser.addSubparsers().dest("action").title("actions");
    Subparser sign =
        actions
            .addParser("sign")
            .help("sign the policy file as it stands with the policy-signing private key");
    sign.addArgument("--policy").required(true).help("the policy file");
    sign.addArgument("--key").required(true).help("the policy-signing private key PEM");
    sign.addArgument("--out").help("where to write the signed policy (default: in place)");
    sign.addArgument("--key-id")
        .setDefault(DevPolicyTool.POLICY_SIGNING_KEY)
        .help("the signature's keyId, informational (default policy-signing)");
    Subparser verify =
        actions
            .addParser("verify")
            .help("check the policy file's signature with a trusted public key");
    verify.addArgument("--policy").required(true).help("the policy file");
    verify.addArgument("--key").required(true).help("the trusted public key PEM");
  }

  @Override
  void execute(Namespace namespace, PrintStream out) {
    Path policy = Path.of(namespace.getString("policy"));
    Path key = Path.of(namespace.getString("key"));
    if ("sign".equals(namespace.getString("action"))) {
      sign(policy, key, namespace, out);
    } else {
      verify(policy, key, out);
    }
  }

  private static void sign(Path policy, Path key, Namespace namespace, PrintStream out) {
    Path target = namespace.getString("out") == null ? policy : Path.of(namespace.getString("out"));
    String keyId = namespace.getString("key_id");
    SignedPolicy signed =
        new DevPolicyTool(new SecureRandom()).signPolicy(policy, key, keyId, target);
    out.println(
        "signed "
            + target
            + "  (policy version "
            + signed.policy().policyVersion()
            + ", PS256, keyId "
            + keyId
            + ")");
  }

  private static void verify(Path policy, Path key, PrintStream out) {
    SignedPolicy file = PolicyLoader.load(policy);
    if (file.signatureSection().isEmpty()) {
      throw new ToolFailure("policy file " + policy + " is not signed");
    }
    if (!PolicyFiles.verify(file, PemKeys.readPublicKey(key))) {
      throw new ToolFailure("policy file " + policy + ": signature does not verify with " + key);
    }
    out.println(
        "verified "
            + policy
            + "  (policy version "
            + file.policy().policyVersion()
            + ", signature verifies with "
            + key
            + ")");
  }
}
