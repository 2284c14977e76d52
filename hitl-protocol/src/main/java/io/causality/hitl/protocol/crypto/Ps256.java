package io.causality.hitl.protocol.crypto;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.Signature;
import java.security.spec.MGF1ParameterSpec;
import java.security.spec.PSSParameterSpec;
import java.util.Base64;

/**
 * PS256: RSASSA-PSS with SHA-256, MGF1 with SHA-256 and a 32-byte salt, over the UTF-8 bytes of a
 * text, the signature in base64url without padding. The same signature verifies with {@code openssl
 * dgst -sha256 -sigopt rsa_padding_mode:pss -sigopt rsa_pss_saltlen:32}.
 */
public final class Ps256 {

  private static final PSSParameterSpec PARAMETERS =
      new PSSParameterSpec(
          "SHA-256", "MGF1", MGF1ParameterSpec.SHA256, 32, PSSParameterSpec.TRAILER_FIELD_BC);

  private Ps256() {}

  /** Signs the UTF-8 bytes of {@code text}; the answer is base64url without padding. */
  public static String sign(String text, PrivateKey key) {
    try {
      Signature signer = newSignature();
      signer.initSign(key);
      signer.update(text.getBytes(StandardCharsets.UTF_8));
      return encode(signer.sign());
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("PS256 signing failed: " + e.getMessage(), e);
    }
  }

  /**
   * Whether {@code signature} is a valid PS256 signature of {@code text} by {@code key}. A
   * malformed signature (bad or non-canonical base64url, padding, wrong length) is simply not
   * valid.
   */
  public static boolean verify(String text, String signature, PublicKey key) {
    if (text == null || signature == null || signature.indexOf('=') >= 0) {
      return false;
    }
    try {
      byte[] raw = Base64.getUrlDecoder().decode(signature);
      if (!encode(raw).equals(signature)) {
        // One signature, one spelling: unused trailing bits must be zero.
        return false;
      }
      Signature verifier = newSignature();
      verifier.initVerify(key);
      verifier.update(text.getBytes(StandardCharsets.UTF_8));
      return verifier.verify(raw);
    } catch (IllegalArgumentException | GeneralSecurityException e) {
      return false;
    }
  }

  private static String encode(byte[] raw) {
    return Base64.getUrlEncoder().withoutPadding().encodeToString(raw);
  }

  private static Signature newSignature() throws GeneralSecurityException {
    Signature signature = Signature.getInstance("RSASSA-PSS");
    signature.setParameter(PARAMETERS);
    return signature;
  }
}
