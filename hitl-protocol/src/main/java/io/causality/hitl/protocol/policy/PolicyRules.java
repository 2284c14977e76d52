package io.causality.hitl.protocol.policy;

import io.causality.hitl.protocol.crypto.KeyFormatException;
import io.causality.hitl.protocol.crypto.PemKeys;
import io.causality.hitl.protocol.policy.PolicyFileJson.AuthorityJson;
import io.causality.hitl.protocol.policy.PolicyFileJson.GateJson;
import io.causality.hitl.protocol.policy.PolicyFileJson.PolicyJson;
import io.causality.hitl.protocol.policy.PolicyFileJson.SignatureJson;
import io.causality.hitl.protocol.wire.EvaluationFields;
import io.causality.hitl.protocol.wire.OverrideTokenEnvelope;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;

/**
 * What a policy file must satisfy beyond its shape: each authority's key parses and has its own
 * keyId, the gate mode and signature algorithm are the supported ones, the gamma floor is finite.
 * Each rule looks only at members that are present; the constraints report the missing ones.
 */
final class PolicyRules {

  private PolicyRules() {}

  /** Adds one {@code path: problem} line per broken rule to {@code problems}. */
  static void check(PolicyFileJson file, Consumer<String> problems) {
    PolicyJson policy = file.policy();
    if (policy != null && policy.authorities() != null) {
      checkAuthorities(policy.authorities(), problems);
    }
    if (policy != null && policy.gate() != null) {
      checkGate(policy.gate(), problems);
    }
    if (policy != null && policy.coordinatorKey() != null) {
      checkKey(policy.coordinatorKey().publicKeyPem(), "policy.coordinatorKey", problems);
    }
    SignatureJson signature = file.signature();
    if (signature != null
        && signature.alg() != null
        && !OverrideTokenEnvelope.ALG_PS256.equals(signature.alg())) {
      problems.accept("signature.alg: unsupported algorithm " + signature.alg() + " (only PS256)");
    }
  }

  private static void checkAuthorities(List<AuthorityJson> authorities, Consumer<String> problems) {
    Set<String> keyIds = new HashSet<>();
    for (int i = 0; i < authorities.size(); i++) {
      String path = "policy.authorities[" + i + "]";
      AuthorityJson authority = authorities.get(i);
      if (authority == null) {
        problems.accept(path + ": must be an object");
        continue;
      }
      if (authority.keyId() != null && !keyIds.add(authority.keyId())) {
        problems.accept(path + ".keyId: duplicate keyId " + authority.keyId());
      }
      checkKey(authority.publicKeyPem(), path, problems);
    }
  }

  private static void checkKey(String publicKeyPem, String path, Consumer<String> problems) {
    if (publicKeyPem != null && !publicKeyPem.isBlank()) {
      try {
        PemKeys.parsePublicKey(publicKeyPem, path + ".publicKeyPem");
      } catch (KeyFormatException e) {
        problems.accept(e.getMessage());
      }
    }
  }

  private static void checkGate(GateJson gate, Consumer<String> problems) {
    if (gate.mode() != null && !EvaluationFields.MODE_STATE_GATE.equals(gate.mode())) {
      problems.accept("policy.gate.mode: unsupported mode " + gate.mode() + " (only state_gate)");
    }
    if (gate.gammaFloor() != null && !Double.isFinite(gate.gammaFloor())) {
      problems.accept("policy.gate.gammaFloor: must be a number");
    }
  }
}
