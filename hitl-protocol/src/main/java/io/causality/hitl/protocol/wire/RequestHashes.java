package io.causality.hitl.protocol.wire;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.causality.hitl.protocol.crypto.CanonicalJson;
import java.util.Objects;
import java.util.Optional;

/**
 * The hashes that bind an override token to one evaluation request.
 *
 * <p>Request hash: SHA-256 (lower-case hex) of the RFC 8785 canonical JSON of the evaluation
 * request without its {@code overrideToken}, so the request hashes the same before a token is
 * attached and after. Action hash: the same over {@code evaluationRequest.action} when that member
 * is present and not JSON null.
 */
public final class RequestHashes {

  private RequestHashes() {}

  /** The request hash of an evaluation request object. */
  public static String requestHash(JsonNode evaluationRequest) {
    return CanonicalJson.sha256Hex(withoutOverrideToken(evaluationRequest));
  }

  /** The action hash, when the request carries an action. */
  public static Optional<String> actionHash(JsonNode evaluationRequest) {
    JsonNode action = requireObject(evaluationRequest).get(EvaluationFields.ACTION);
    if (action == null || action.isNull()) {
      return Optional.empty();
    }
    return Optional.of(CanonicalJson.sha256Hex(action));
  }

  /** A copy of the request without its {@code overrideToken} member. */
  public static ObjectNode withoutOverrideToken(JsonNode evaluationRequest) {
    ObjectNode copy = requireObject(evaluationRequest).deepCopy();
    copy.remove(EvaluationFields.OVERRIDE_TOKEN);
    return copy;
  }

  private static ObjectNode requireObject(JsonNode node) {
    Objects.requireNonNull(node, "evaluationRequest");
    if (!node.isObject()) {
      throw new IllegalArgumentException("evaluationRequest must be a JSON object");
    }
    return (ObjectNode) node;
  }
}
