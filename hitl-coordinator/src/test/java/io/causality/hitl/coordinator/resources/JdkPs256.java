package io.causality.hitl.coordinator.resources;

import com.fasterxml.jackson.databind.JsonNode;
import io.causality.hitl.coordinator.CoordinatorHttp;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyFactory;
import java.security.PublicKey;
import java.security.Signature;
import java.security.spec.MGF1ParameterSpec;
import java.security.spec.PSSParameterSpec;
import java.security.spec.X509EncodedKeySpec;
import java.util.Base64;

/**
 * Verifies a token as an outside party would: the JDK alone (no project code), RSASSA-PSS with
 * SHA-256, MGF1-SHA-256 and a 32-byte salt, with the public key read from the policy file's
 * authority entry.
 */
final class JdkPs256 {
  private JdkPs256() {}

  static boolean verify(String payload, String base64UrlSignature, PublicKey key) throws Exception {
    Signature verifier = Signature.getInstance("RSASSA-PSS");
    verifier.setParameter(new PSSParameterSpec("SHA-256", "MGF1", MGF1ParameterSpec.SHA256, 32, 1));
    verifier.initVerify(key);
    verifier.update(payload.getBytes(StandardCharsets.UTF_8));
    return verifier.verify(Base64.getUrlDecoder().decode(base64UrlSignature));
  }

  /** The public key of authority {@code keyId} in a policy file. */
  static PublicKey policyKey(Path policyFile, String keyId) throws Exception {
    JsonNode policy = CoordinatorHttp.JSON.readTree(Files.readString(policyFile));
    for (JsonNode authority : policy.get("policy").get("authorities")) {
      if (authority.get("keyId").asText().equals(keyId)) {
        return parse(authority.get("publicKeyPem").asText());
      }
    }
    throw new IllegalArgumentException("no authority " + keyId + " in " + policyFile);
  }

  private static PublicKey parse(String pem) throws Exception {
    String base64 =
        pem.replace("-----BEGIN PUBLIC KEY-----", "")
            .replace("-----END PUBLIC KEY-----", "")
            .replaceAll("\\s", "");
    return KeyFactory.getInstance("RSA")
        .generatePublic(new X509EncodedKeySpec(Base64.getDecoder().decode(base64)));
  }
}
