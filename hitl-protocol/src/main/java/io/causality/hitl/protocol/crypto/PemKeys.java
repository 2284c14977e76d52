package io.causality.hitl.protocol.crypto;

import java.io.IOException;
import java.io.StringReader;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.interfaces.RSAPrivateCrtKey;
import java.security.interfaces.RSAPublicKey;
import java.security.spec.RSAPublicKeySpec;
import org.bouncycastle.asn1.pkcs.PrivateKeyInfo;
import org.bouncycastle.asn1.x509.SubjectPublicKeyInfo;
import org.bouncycastle.openssl.PEMEncryptedKeyPair;
import org.bouncycastle.openssl.PEMKeyPair;
import org.bouncycastle.openssl.PEMParser;
import org.bouncycastle.openssl.jcajce.JcaPEMKeyConverter;
import org.bouncycastle.openssl.jcajce.JcaPEMWriter;
import org.bouncycastle.openssl.jcajce.JcaPKCS8Generator;
import org.bouncycastle.pkcs.PKCS8EncryptedPrivateKeyInfo;

/**
 * RSA keys in PEM, through BouncyCastle's parser and the JDK's key factories (no provider is
 * registered). Private keys: PKCS#8 ({@code BEGIN PRIVATE KEY}) or PKCS#1 ({@code BEGIN RSA PRIVATE
 * KEY}), unencrypted. Public keys: SubjectPublicKeyInfo ({@code BEGIN PUBLIC KEY}). Every failure
 * is a {@link KeyFormatException} whose message starts with the source (a file path or a label) and
 * says what is wrong, never key material.
 */
public final class PemKeys {

  private static final JcaPEMKeyConverter CONVERTER = new JcaPEMKeyConverter();

  private PemKeys() {}

  /** Reads an RSA private key file. */
  public static RSAPrivateCrtKey readPrivateKey(Path file) {
    return parsePrivateKey(read(file), file.toString());
  }

  /** Reads an RSA public key file. */
  public static RSAPublicKey readPublicKey(Path file) {
    return parsePublicKey(read(file), file.toString());
  }

  /** Parses PEM text holding one RSA private key; {@code source} names it in errors. */
  public static RSAPrivateCrtKey parsePrivateKey(String pem, String source) {
    Object object = readPemObject(pem, source);
    try {
      PrivateKey key = toPrivateKey(object, source);
      if (key instanceof RSAPrivateCrtKey rsa) {
        return rsa;
      }
      throw new KeyFormatException(
          source
              + ": not an RSA private key with CRT parameters"
              + " (found "
              + key.getAlgorithm()
              + ")");
    } catch (IOException e) {
      throw new KeyFormatException(source + ": unusable private key: " + e.getMessage(), e);
    }
  }

  /** Parses PEM text holding one RSA public key; {@code source} names it in errors. */
  public static RSAPublicKey parsePublicKey(String pem, String source) {
    Object object = readPemObject(pem, source);
    if (!(object instanceof SubjectPublicKeyInfo info)) {
      throw new KeyFormatException(
          source
              + ": expected a PEM public key (BEGIN PUBLIC KEY)"
              + ", found "
              + describe(object));
    }
    try {
      if (CONVERTER.getPublicKey(info) instanceof RSAPublicKey rsa) {
        return rsa;
      }
      throw new KeyFormatException(source + ": not an RSA public key");
    } catch (IOException e) {
      throw new KeyFormatException(source + ": unusable public key: " + e.getMessage(), e);
    }
  }

  /** The public half of an RSA private key. */
  public static RSAPublicKey publicKeyOf(RSAPrivateCrtKey privateKey) {
    try {
      RSAPublicKeySpec spec =
          new RSAPublicKeySpec(privateKey.getModulus(), privateKey.getPublicExponent());
      return (RSAPublicKey) KeyFactory.getInstance("RSA").generatePublic(spec);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("cannot derive an RSA public key", e);
    }
  }

  /** Whether two RSA public keys are the same key (modulus and exponent). */
  public static boolean samePublicKey(RSAPublicKey a, RSAPublicKey b) {
    return a.getModulus().equals(b.getModulus())
        && a.getPublicExponent().equals(b.getPublicExponent());
  }

  /** PEM text of a public key ({@code BEGIN PUBLIC KEY}). */
  public static String toPem(PublicKey publicKey) {
    return writePem(publicKey);
  }

  /** PEM text of a private key in unencrypted PKCS#8 ({@code BEGIN PRIVATE KEY}). */
  public static String toPkcs8Pem(PrivateKey privateKey) {
    try {
      return writePem(new JcaPKCS8Generator(privateKey, null).generate());
    } catch (IOException e) {
      throw new IllegalStateException("cannot encode a private key as PKCS#8", e);
    }
  }

  private static PrivateKey toPrivateKey(Object object, String source) throws IOException {
    if (object instanceof PEMKeyPair pair) {
      return CONVERTER.getKeyPair(pair).getPrivate();
    }
    if (object instanceof PrivateKeyInfo info) {
      return CONVERTER.getPrivateKey(info);
    }
    if (object instanceof PEMEncryptedKeyPair || object instanceof PKCS8EncryptedPrivateKeyInfo) {
      throw new KeyFormatException(
          source
              + ": encrypted private keys are not supported;"
              + " store it unencrypted with owner-only permissions");
    }
    throw new KeyFormatException(
        source
            + ": expected an RSA private key PEM (BEGIN PRIVATE"
            + " KEY or BEGIN RSA PRIVATE KEY), found "
            + describe(object));
  }

  private static Object readPemObject(String pem, String source) {
    try (PEMParser parser = new PEMParser(new StringReader(pem))) {
      Object object = parser.readObject();
      if (object == null) {
        throw new KeyFormatException(source + ": no PEM block found");
      }
      return object;
    } catch (KeyFormatException e) {
      throw e;
    } catch (IOException | RuntimeException e) {
      // BouncyCastle reports bad base64 or ASN.1 with unchecked exceptions too.
      throw new KeyFormatException(source + ": malformed PEM: " + e.getMessage(), e);
    }
  }

  private static String describe(Object object) {
    if (object instanceof PEMKeyPair || object instanceof PrivateKeyInfo) {
      return "a private key";
    }
    if (object instanceof SubjectPublicKeyInfo) {
      return "a public key";
    }
    return "a " + object.getClass().getSimpleName() + " block";
  }

  private static String read(Path file) {
    try {
      return Files.readString(file, StandardCharsets.UTF_8);
    } catch (NoSuchFileException e) {
      throw new KeyFormatException(file + ": no such file", e);
    } catch (IOException e) {
      throw new KeyFormatException(file + ": cannot read: " + e.getMessage(), e);
    }
  }

  private static String writePem(Object object) {
    StringWriter out = new StringWriter();
    try (JcaPEMWriter writer = new JcaPEMWriter(out)) {
      writer.writeObject(object);
    } catch (IOException e) {
      throw new IllegalStateException("cannot write PEM", e);
    }
    return out.toString();
  }
}
