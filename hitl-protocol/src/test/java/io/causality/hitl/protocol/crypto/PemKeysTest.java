package io.causality.hitl.protocol.crypto;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.causality.hitl.protocol.TestKeys;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPairGenerator;
import java.security.interfaces.RSAPrivateCrtKey;
import java.security.interfaces.RSAPublicKey;
import org.bouncycastle.openssl.jcajce.JcaPEMWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PemKeysTest {

  @TempDir Path dir;

  @Test
  void pkcs8PrivateKeyRoundTrips() throws Exception {
    String pem = PemKeys.toPkcs8Pem(TestKeys.ALICE.getPrivate());
    Path file = Files.writeString(dir.resolve("alice.pem"), pem);

    RSAPrivateCrtKey key = PemKeys.readPrivateKey(file);

    assertThat(pem).startsWith("-----BEGIN PRIVATE KEY-----");
    assertThat(key.getEncoded()).isEqualTo(TestKeys.ALICE.getPrivate().getEncoded());
  }

  @Test
  void pkcs1PrivateKeyIsRead() throws Exception {
    StringWriter out = new StringWriter();
    try (JcaPEMWriter writer = new JcaPEMWriter(out)) {
      writer.writeObject(TestKeys.BOB.getPrivate());
    }
    assertThat(out.toString()).startsWith("-----BEGIN RSA PRIVATE KEY-----");

    RSAPrivateCrtKey key = PemKeys.parsePrivateKey(out.toString(), "bob");

    assertThat(
            PemKeys.samePublicKey(
                PemKeys.publicKeyOf(key), (RSAPublicKey) TestKeys.BOB.getPublic()))
        .isTrue();
  }

  @Test
  void publicKeyRoundTripsAndComparesByValue() {
    String pem = PemKeys.toPem(TestKeys.ALICE.getPublic());
    RSAPublicKey parsed = PemKeys.parsePublicKey(pem, "alice.pub");

    assertThat(pem).startsWith("-----BEGIN PUBLIC KEY-----");
    assertThat(PemKeys.samePublicKey(parsed, (RSAPublicKey) TestKeys.ALICE.getPublic())).isTrue();
    assertThat(PemKeys.samePublicKey(parsed, (RSAPublicKey) TestKeys.BOB.getPublic())).isFalse();
  }

  @Test
  void derivedPublicKeyEqualsTheGeneratedOne() {
    RSAPrivateCrtKey key = (RSAPrivateCrtKey) TestKeys.ALICE.getPrivate();

    assertThat(PemKeys.publicKeyOf(key).getEncoded())
        .isEqualTo(TestKeys.ALICE.getPublic().getEncoded());
  }

  @Test
  void missingFileIsNamed() {
    Path missing = dir.resolve("nope.pem");

    assertThatThrownBy(() -> PemKeys.readPrivateKey(missing))
        .isInstanceOf(KeyFormatException.class)
        .hasMessage(missing + ": no such file");
  }

  @Test
  void textWithoutPemIsRefused() {
    assertThatThrownBy(() -> PemKeys.parsePrivateKey("hello", "k.pem"))
        .hasMessage("k.pem: no PEM block found");
  }

  @Test
  void corruptBase64IsRefused() {
    String pem = "-----BEGIN PRIVATE KEY-----\n@@@@\n-----END PRIVATE KEY-----\n";

    assertThatThrownBy(() -> PemKeys.parsePrivateKey(pem, "k.pem"))
        .isInstanceOf(KeyFormatException.class)
        .hasMessageStartingWith("k.pem: malformed PEM");
  }

  @Test
  void aPublicKeyIsNotAPrivateKeyAndViceVersa() {
    String pub = PemKeys.toPem(TestKeys.ALICE.getPublic());
    String priv = PemKeys.toPkcs8Pem(TestKeys.ALICE.getPrivate());

    assertThatThrownBy(() -> PemKeys.parsePrivateKey(pub, "k.pem"))
        .hasMessageStartingWith("k.pem: expected an RSA private key PEM")
        .hasMessageEndingWith("found a public key");
    assertThatThrownBy(() -> PemKeys.parsePublicKey(priv, "p.pem"))
        .hasMessageStartingWith("p.pem: expected a PEM public key")
        .hasMessageEndingWith("found a private key");
  }

  @Test
  void nonRsaKeysAreRefused() throws Exception {
    KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
    generator.initialize(256);
    String pem = PemKeys.toPkcs8Pem(generator.generateKeyPair().getPrivate());

    assertThatThrownBy(() -> PemKeys.parsePrivateKey(pem, "ec.pem"))
        .hasMessageStartingWith("ec.pem: not an RSA private key");
  }

  @Test
  void encryptedKeysAreRefusedWithAClearMessage() {
    String pem =
        "-----BEGIN RSA PRIVATE KEY-----\n"
            + "Proc-Type: 4,ENCRYPTED\n"
            + "DEK-Info: AES-128-CBC,0123456789ABCDEF0123456789ABCDEF\n\n"
            + "AAAA\n-----END RSA PRIVATE KEY-----\n";

    assertThatThrownBy(() -> PemKeys.parsePrivateKey(pem, "enc.pem"))
        .hasMessageStartingWith("enc.pem: encrypted private keys are not supported");
  }
}
