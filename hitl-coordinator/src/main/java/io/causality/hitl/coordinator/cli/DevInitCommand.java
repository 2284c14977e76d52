package io.causality.hitl.coordinator.cli;

import io.causality.hitl.coordinator.policy.DevInit;
import io.causality.hitl.coordinator.policy.DevPolicyTool;
import io.causality.hitl.protocol.crypto.KeyPairs;
import java.io.PrintStream;
import java.nio.file.Path;
import java.security.SecureRandom;
import net.sourceforge.argparse4j.impl.Arguments;
import net.sourceforge.argparse4j.inf.Namespace;
import net.sourceforge.argparse4j.inf.Subparser;

/**
 * {@code dev-init --dir DIR [--force] [--bits 3072]}: a development policy, keys and caller tokens
 * where {@code config/hitl-coordinator.yml} and {@code config/sim-server.yml} expect them when DIR
 * is {@code var} and the command runs from the repository root. Keeps what exists unless {@code
 * --force}; says where the policy-signing private key went.
 */
public final class DevInitCommand extends ToolCommand {
  public DevInitCommand() {
    super(
        "dev-init",
        "Writes a development deployment policy and keys: "
            + "'dev-init --dir var' from the repository root");
  }

  @Override
  public void configure(Subparser subparser) {
    subparser
        .addArgument("--dir")
        .required(true)
        .help("directory to write keys/ and policy/ into (var for config/hitl-coordinator.yml)");
    subparser
        .addArgument("--force")
        .action(Arguments.storeTrue())
        .help("replace existing keys and policy instead of keeping them");
    subparser
        .addArgument("--bits")
        .type(Integer.class)
        .setDefault(KeyPairs.DEFAULT_BITS)
        .help("RSA key size of new keys (default " + KeyPairs.DEFAULT_BITS + ")");
  }

  @Override
  void execute(Namespace namespace, PrintStream out) {
    Path dir = Path.of(namespace.getString("dir"));
    DevInit init = new DevInit(new DevPolicyTool(new SecureRandom(), namespace.getInt("bits")));
    var outcomes = init.run(dir, namespace.getBoolean("force"));
    outcomes.forEach(out::println);
    if (outcomes.stream().noneMatch(DevInit.Outcome::created)) {
      out.println("nothing to do: every file exists (--force replaces them)");
    }
    DevInit.Layout layout = new DevInit.Layout(dir);
    out.println(
        "note: the policy-signing private key is "
            + layout.signingKey()
            + ", apart from the public key the services trust ("
            + layout.trustedKey()
            + "): no service reads it, and whoever holds it can sign any policy; move it off"
            + " this machine for anything but development, and bring it back only to sign a"
            + " policy (policy sign --key ...)");
    out.println(
        "note: the callers of config/hitl-coordinator.yml read their tokens from "
            + layout.secrets()
            + " (mode 600); ops/hitl presents "
            + layout.operatorToken()
            + " as "
            + DevInit.OPERATOR_ID);
  }
}
