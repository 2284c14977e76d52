package io.causality.hitl.coordinator.cli;

import io.causality.hitl.coordinator.policy.DevPolicyTool;
import io.causality.hitl.protocol.crypto.KeyPairs;
import java.io.PrintStream;
import java.nio.file.Path;
import java.security.SecureRandom;
import net.sourceforge.argparse4j.inf.Namespace;
import net.sourceforge.argparse4j.inf.Subparser;

/**
 * {@code keys generate --out FILE [--bits 3072]}: an RSA key pair for an authority or for policy
 * signing. The private key goes to FILE (PKCS#8 PEM, owner-only, never overwritten), the public key
 * beside it ({@code ops-1.pem} gets {@code ops-1.pub.pem}).
 */
public final class KeysCommand extends ToolCommand {
  public KeysCommand() {
    super("keys", "RSA keys: 'keys generate --out FILE [--bits 3072]'");
  }

  @Override
  public void configure(Subparser subparser) {
    subparser.addArgument("action").choices("generate").help("what to do");
    subparser
        .addArgument("--out")
        .required(true)
        .help("private key file to write; the public key goes to its .pub.pem sibling");
    subparser
        .addArgument("--bits")
        .type(Integer.class)
        .setDefault(KeyPairs.DEFAULT_BITS)
        .help(
            "RSA modulus size, at least "
                + KeyPairs.MIN_BITS
                + " (default "
                + KeyPairs.DEFAULT_BITS
                + ")");
  }

  @Override
  void execute(Namespace namespace, PrintStream out) {
    int bits = namespace.getInt("bits");
    Path privateKey = Path.of(namespace.getString("out"));
    var files =
        new DevPolicyTool(new SecureRandom(), bits)
            .generateKeyPair(privateKey, DevPolicyTool.publicKeyFileFor(privateKey));
    out.println(
        "created " + files.privateKey() + "  (RSA-" + bits + " private key, PKCS#8, mode 600)");
    out.println("created " + files.publicKey() + "  (public key)");
  }
}
