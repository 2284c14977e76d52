package io.causality.hitl.protocol;

import static io.causality.hitl.protocol.JsonReader.optionalBoolean;
import static io.causality.hitl.protocol.JsonReader.optionalLong;
import static io.causality.hitl.protocol.JsonReader.optionalObject;
import static io.causality.hitl.protocol.JsonReader.optionalText;
import static io.causality.hitl.protocol.JsonReader.problem;
import static io.causality.hitl.protocol.JsonReader.requireNumber;
import static io.causality.hitl.protocol.JsonReader.requireObject;
import static io.causality.hitl.protocol.JsonReader.requirePositiveLong;
import static io.causality.hitl.protocol.JsonReader.requireText;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Reads, writes, signs and verifies deployment policy files:
 *
 * <pre>{@code
 * { "policy": { "policyVersion": 3,
 *               "authorities": [ { "keyId", "operatorId", "publicKeyPem" } ],
 *               "hitl": { "maxTokenTtlMs", "adaptiveEscalation": { "enabled",
 *                         "cooldownAfterDenyMs", "requireMaterialChangeAfterDeny" } },
 *               "gate": { "mode", "metric", "gammaFloor", "trendMetric" } },
 *   "signature": { "keyId", "alg": "PS256", "value" } }
 * }</pre>
 *
 * <p>{@code hitl} and {@code gate} are each optional here: the coordinator requires the first, the
 * evaluation runtime the second. Unknown members are ignored but stay covered by the signature,
 * which is PS256 over the canonical JSON of the {@code policy} object.
 */
public final class PolicyFiles {

  private PolicyFiles() {}

  /** Parses policy file text; every problem is a one-line {@link PolicyFormatException}. */
  public static SignedPolicy parse(String text) {
    JsonNode root = readTree(text);
    if (!root.isObject()) {
      throw problem("(root)", "must be a JSON object with a \"policy\" member");
    }
    JsonNode policyJson = requireObject(root, "policy", "policy");
    DeploymentPolicy policy = readPolicy(policyJson);
    PolicySignature signature =
        optionalObject(root, "signature", "signature").map(PolicyFiles::readSignature).orElse(null);
    return new SignedPolicy(policy, signature, policyJson);
  }

  /** Signs a policy with the policy-signing key; {@code keyId} may be null. */
  public static SignedPolicy sign(DeploymentPolicy policy, PrivateKey key, String keyId) {
    JsonNode policyJson = ProtocolJson.shared().valueToTree(policy);
    return sign(policyJson, key, keyId);
  }

  /** Re-signs a parsed policy file exactly as it stands (unknown members included). */
  public static SignedPolicy resign(SignedPolicy file, PrivateKey key, String keyId) {
    return sign(file.policyJson(), key, keyId);
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
    ObjectNode root = ProtocolJson.shared().createObjectNode();
    root.set("policy", file.policyJson());
    file.signatureSection()
        .ifPresent(s -> root.set("signature", ProtocolJson.shared().valueToTree(s)));
    try {
      return ProtocolJson.shared().writerWithDefaultPrettyPrinter().writeValueAsString(root) + "\n";
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot write a policy file", e);
    }
  }

  private static SignedPolicy sign(JsonNode policyJson, PrivateKey key, String keyId) {
    DeploymentPolicy policy = readPolicy(policyJson);
    String value = Ps256.sign(CanonicalJson.canonicalize(policyJson), key);
    PolicySignature signature = new PolicySignature(keyId, OverrideTokenEnvelope.ALG_PS256, value);
    return new SignedPolicy(policy, signature, policyJson);
  }

  private static JsonNode readTree(String text) {
    try {
      JsonNode root = ProtocolJson.shared().readTree(text);
      if (root == null || root.isMissingNode()) {
        throw problem("(root)", "the file is empty");
      }
      return root;
    } catch (JsonProcessingException e) {
      var where = e.getLocation();
      String at =
          where == null ? "" : " at line " + where.getLineNr() + " column " + where.getColumnNr();
      throw new PolicyFormatException("not valid JSON" + at + ": " + e.getOriginalMessage(), e);
    }
  }

  private static DeploymentPolicy readPolicy(JsonNode json) {
    long version = requirePositiveLong(json, "policyVersion", "policy.policyVersion");
    List<PolicyAuthority> authorities = readAuthorities(json);
    HitlPolicy hitl =
        optionalObject(json, "hitl", "policy.hitl").map(PolicyFiles::readHitl).orElse(null);
    GatePolicy gate =
        optionalObject(json, "gate", "policy.gate").map(PolicyFiles::readGate).orElse(null);
    return new DeploymentPolicy(version, authorities, hitl, gate);
  }

  private static List<PolicyAuthority> readAuthorities(JsonNode policy) {
    JsonNode array = policy.get("authorities");
    if (array == null || array.isNull()) {
      return List.of();
    }
    if (!array.isArray()) {
      throw problem("policy.authorities", "must be an array");
    }
    List<PolicyAuthority> authorities = new ArrayList<>();
    Set<String> keyIds = new HashSet<>();
    for (int i = 0; i < array.size(); i++) {
      String path = "policy.authorities[" + i + "]";
      PolicyAuthority authority = readAuthority(array.get(i), path);
      if (!keyIds.add(authority.keyId())) {
        throw problem(path + ".keyId", "duplicate keyId " + authority.keyId());
      }
      authorities.add(authority);
    }
    return authorities;
  }

  private static PolicyAuthority readAuthority(JsonNode json, String path) {
    if (!json.isObject()) {
      throw problem(path, "must be an object");
    }
    String keyId = requireText(json, "keyId", path + ".keyId");
    String operatorId = requireText(json, "operatorId", path + ".operatorId");
    String pem = requireText(json, "publicKeyPem", path + ".publicKeyPem");
    try {
      PemKeys.parsePublicKey(pem, path + ".publicKeyPem");
    } catch (KeyFormatException e) {
      throw new PolicyFormatException(e.getMessage(), e);
    }
    return new PolicyAuthority(keyId, operatorId, pem);
  }

  private static HitlPolicy readHitl(JsonNode json) {
    long maxTtl = requirePositiveLong(json, "maxTokenTtlMs", "policy.hitl.maxTokenTtlMs");
    AdaptiveEscalationPolicy adaptive =
        optionalObject(json, "adaptiveEscalation", "policy.hitl.adaptiveEscalation")
            .map(PolicyFiles::readAdaptive)
            .orElse(AdaptiveEscalationPolicy.DISABLED);
    return new HitlPolicy(maxTtl, adaptive);
  }

  private static AdaptiveEscalationPolicy readAdaptive(JsonNode json) {
    String path = "policy.hitl.adaptiveEscalation.";
    boolean enabled = optionalBoolean(json, "enabled", path + "enabled", false);
    long cooldown =
        optionalLong(json, "cooldownAfterDenyMs", path + "cooldownAfterDenyMs").orElse(0L);
    if (cooldown < 0) {
      throw problem(path + "cooldownAfterDenyMs", "must not be negative");
    }
    boolean material =
        optionalBoolean(
            json, "requireMaterialChangeAfterDeny", path + "requireMaterialChangeAfterDeny", false);
    return new AdaptiveEscalationPolicy(enabled, cooldown, material);
  }

  private static GatePolicy readGate(JsonNode json) {
    String mode =
        optionalText(json, "mode", "policy.gate.mode").orElse(EvaluationFields.MODE_STATE_GATE);
    if (!EvaluationFields.MODE_STATE_GATE.equals(mode)) {
      throw problem("policy.gate.mode", "unsupported mode " + mode + " (only state_gate)");
    }
    String metric =
        optionalText(json, "metric", "policy.gate.metric").orElse(EvaluationFields.METRIC_GAMMA);
    double floor = requireNumber(json, "gammaFloor", "policy.gate.gammaFloor");
    String trend =
        optionalText(json, "trendMetric", "policy.gate.trendMetric")
            .orElse(GatePolicy.DEFAULT_TREND_METRIC);
    return new GatePolicy(mode, metric, floor, trend);
  }

  private static PolicySignature readSignature(JsonNode json) {
    String keyId = optionalText(json, "keyId", "signature.keyId").orElse(null);
    String alg = requireText(json, "alg", "signature.alg");
    if (!OverrideTokenEnvelope.ALG_PS256.equals(alg)) {
      throw problem("signature.alg", "unsupported algorithm " + alg + " (only PS256)");
    }
    String value = requireText(json, "value", "signature.value");
    return new PolicySignature(keyId, alg, value);
  }
}
