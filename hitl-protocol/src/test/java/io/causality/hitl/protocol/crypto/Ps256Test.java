package io.causality.hitl.protocol.crypto;

import static org.assertj.core.api.Assertions.assertThat;

import io.causality.hitl.protocol.TestKeys;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIf;
import org.junit.jupiter.api.io.TempDir;

class Ps256Test {

  private static final String TEXT = "{\"tokenId\":\"t-1\",\"note\":\"caf\u00e9 \u20ac\"}";

  @TempDir Path dir;

  @Test
  void signatureVerifiesWithTheJdk() {
    String signature = Ps256.sign(TEXT, TestKeys.ALICE.getPrivate());

    assertThat(signature).doesNotContain("=", "+", "/");
    assertThat(Base64.getUrlDecoder().decode(signature)).hasSize(256);
    assertThat(Ps256.verify(TEXT, signature, TestKeys.ALICE.getPublic())).isTrue();
  }

  @Test
  void pssSignaturesAreRandomizedYetBothVerify() {
    String first = Ps256.sign(TEXT, TestKeys.ALICE.getPrivate());
    String second = Ps256.sign(TEXT, TestKeys.ALICE.getPrivate());

    assertThat(first).isNotEqualTo(second);
    assertThat(Ps256.verify(TEXT, second, TestKeys.ALICE.getPublic())).isTrue();
  }

  @Test
  void otherTextOtherKeyOrBrokenSignatureDoNotVerify() {
    String signature = Ps256.sign(TEXT, TestKeys.ALICE.getPrivate());
    int middle = signature.length() / 2;
    char c = signature.charAt(middle);
    String flipped =
        signature.substring(0, middle) + (c == 'A' ? 'B' : 'A') + signature.substring(middle + 1);

    assertThat(Ps256.verify(TEXT + " ", signature, TestKeys.ALICE.getPublic())).isFalse();
    assertThat(Ps256.verify(TEXT, signature, TestKeys.BOB.getPublic())).isFalse();
    assertThat(Ps256.verify(TEXT, flipped, TestKeys.ALICE.getPublic())).isFalse();
    assertThat(Ps256.verify(TEXT, signature + "==", TestKeys.ALICE.getPublic())).isFalse();
    assertThat(Ps256.verify(TEXT, nonCanonicalTail(signature), TestKeys.ALICE.getPublic()))
        .isFalse();
    assertThat(Ps256.verify(TEXT, "not*base64", TestKeys.ALICE.getPublic())).isFalse();
    assertThat(Ps256.verify(TEXT, null, TestKeys.ALICE.getPublic())).isFalse();
  }

  @Test
  @EnabledIf("opensslOnPath")
  void opensslVerifiesOurSignature() throws Exception {
    Path payload = write("payload.txt", TEXT.getBytes(StandardCharsets.UTF_8));
    Path signature =
        write(
            "sig.bin",
            Base64.getUrlDecoder().decode(Ps256.sign(TEXT, TestKeys.ALICE.getPrivate())));
    Path pub =
        write(
            "pub.pem",
            PemKeys.toPem(TestKeys.ALICE.getPublic()).getBytes(StandardCharsets.US_ASCII));

    assertThat(
            openssl(
                "dgst",
                "-sha256",
                "-sigopt",
                "rsa_padding_mode:pss",
                "-sigopt",
                "rsa_pss_saltlen:32",
                "-verify",
                pub.toString(),
                "-signature",
                signature.toString(),
                payload.toString()))
        .isZero();

    Path tampered = write("tampered.txt", (TEXT + "x").getBytes(StandardCharsets.UTF_8));
    assertThat(
            openssl(
                "dgst",
                "-sha256",
                "-sigopt",
                "rsa_padding_mode:pss",
                "-sigopt",
                "rsa_pss_saltlen:32",
                "-verify",
                pub.toString(),
                "-signature",
                signature.toString(),
                tampered.toString()))
        .isNotZero();
  }

  @Test
  @EnabledIf("opensslOnPath")
  void weVerifyAnOpensslSignature() throws Exception {
    Path payload = write("payload.txt", TEXT.getBytes(StandardCharsets.UTF_8));
    Path key =
        write(
            "key.pem",
            PemKeys.toPkcs8Pem(TestKeys.BOB.getPrivate()).getBytes(StandardCharsets.US_ASCII));
    Path signature = dir.resolve("sig.bin");

    assertThat(
            openssl(
                "dgst",
                "-sha256",
                "-sigopt",
                "rsa_padding_mode:pss",
                "-sigopt",
                "rsa_pss_saltlen:32",
                "-sigopt",
                "rsa_mgf1_md:sha256",
                "-sign",
                key.toString(),
                "-out",
                signature.toString(),
                payload.toString()))
        .isZero();

    String encoded =
        Base64.getUrlEncoder().withoutPadding().encodeToString(Files.readAllBytes(signature));
    assertThat(Ps256.verify(TEXT, encoded, TestKeys.BOB.getPublic())).isTrue();
  }

  /** The same bytes with the unused low bits of the last character set. */
  private static String nonCanonicalTail(String signature) {
    String alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    int last = alphabet.indexOf(signature.charAt(signature.length() - 1));
    return signature.substring(0, signature.length() - 1) + alphabet.charAt(last | 1);
  }

  static boolean opensslOnPath() {
    String path = System.getenv().getOrDefault("PATH", "");
    return Arrays.stream(path.split(File.pathSeparator))
        .anyMatch(d -> Files.isExecutable(Path.of(d, "openssl")));
  }

  private Path write(String name, byte[] bytes) throws IOException {
    return Files.write(dir.resolve(name), bytes);
  }

  private int openssl(String... args) throws Exception {
    List<String> command = new ArrayList<>(List.of("openssl"));
    command.addAll(List.of(args));
    Process process =
        new ProcessBuilder(command)
            .redirectErrorStream(true)
            .redirectOutput(dir.resolve("openssl.log").toFile())
            .start();
    assertThat(process.waitFor(60, TimeUnit.SECONDS)).as("openssl finished").isTrue();
    return process.exitValue();
  }
}
