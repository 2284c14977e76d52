package io.causality.hitl.protocol.policy;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.causality.hitl.protocol.crypto.CanonicalJson;
import io.causality.hitl.protocol.crypto.Ps256;
import io.causality.hitl.protocol.wire.OverrideTokenEnvelope;
import io.causality.hitl.protocol.wire.ProtocolJson;
import jakarta.validation.Validator;
import java.security.PrivateKey;
import java.security.PublicKey;

/**
 * Reads, writes, signs and verifies deployment policy files:
 *
 * <pre>{@code
 * { "policy": { "policyVersion": 3,
 *               "authorities": [ { "keyId", "operatorId", "publicKeyPem" } ],
 *               "hitl": { "maxTokenTtlMs", "adaptiveEscalation": { "enabled",
 *                         "cooldownAfterDenyMs", "requireMaterialChangeAfterDeny" },
 *                         "requiredApprovals" },
 *               "gate": { "mode", "metric", "gammaFloor", "trendMetric" },
 *               "coordinatorKey": { "keyId", "publicKeyPem" } },
 *   "signature": { "keyId", "alg": "PS256", "value" } }
 * }</pre>
 *
 * <p>{@code hitl}, {@code gate} and {@code coordinatorKey} are each optional here: the coordinator
 * requires the first and the last, the evaluation runtime the last two. Unknown members are ignored
 * but stay covered by the signature, which is PS256 over the canonical JSON of the {@code policy}
 * object.
 *
 * <p>The file's shape is the records of {@link PolicyFileJson} with Bean Validation constraints,
 * its rules are {@link PolicyRules}; the caller brings the validator (this library depends on the
 * validation API only), for example Dropwizard's {@code Validators.newValidator()}.
 */
public final class PolicyFiles {
  /** The wire contract's mapper, private to this class so that nobody reconfigures it. */
  private static final ObjectMapper JSON = ProtocolJson.newMapper();

  private PolicyFiles() {}

  /**
   * Parses policy file text; an unusable file is a {@link PolicyFormatException} whose one-line
   * message lists every problem found ({@code path: problem; path: problem}).
   */
  public static SignedPolicy parse(String text, Validator validator) {
    JsonNode root = PolicyFileReader.readTree(text);
    PolicyFileJson file = PolicyFileReader.read(root, validator);
    PolicySignature signature = file.signature() == null ? null : file.signature().toSignature();
    return new SignedPolicy(file.policy().toPolicy(), signature, root.get("policy"));
  }

  /** Signs a policy with the policy-signing key; {@code keyId} may be null. */
  public static SignedPolicy sign(DeploymentPolicy policy, PrivateKey key, String keyId) {
    JsonNode policyJson = JSON.valueToTree(policy);
    return sign(policy, policyJson, key, keyId);
  }

  /** Re-signs a parsed policy file exactly as it stands (unknown members included). */
  public static SignedPolicy resign(SignedPolicy file, PrivateKey key, String keyId) {
    return sign(file.policy(), file.policyJson(), key, keyId);
  }

  /** Whether the file carries a PS256 signature that verifies with {@code trustedKey}. */
  public static boolean verify(SignedPolicy file, PublicKey trustedKey) {
    return file.signatureSection()
        .filter(s -> OverrideTokenEnvelope.ALG_PS256.equals(s.alg()))
        .map(s -> Ps256.verify(file.signedText(), s.value(), trustedKey))
        .orElse(false);
  }

  /** Pretty JSON text of a policy file. */
  public static String write(SignedPolicy file) {
    ObjectNode root = JSON.createObjectNode();
    root.set("policy", file.policyJson());
    file.signatureSection().ifPresent(s -> root.set("signature", JSON.valueToTree(s)));
    try {
      return JSON.writerWithDefaultPrettyPrinter().writeValueAsString(root) + "\n";
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot write a policy file", e);
    }
  }

  private static SignedPolicy sign(
      DeploymentPolicy policy, JsonNode policyJson, PrivateKey key, String keyId) {
    String value = Ps256.sign(CanonicalJson.canonicalize(policyJson), key);
    PolicySignature signature = new PolicySignature(keyId, OverrideTokenEnvelope.ALG_PS256, value);
    return new SignedPolicy(policy, signature, policyJson);
  }
}
