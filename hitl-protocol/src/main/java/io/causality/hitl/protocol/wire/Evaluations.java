package io.causality.hitl.protocol.wire;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Optional;

/**
 * Typed reads of the evaluation envelopes, which travel as Jackson trees for pass-through fidelity.
 * Every accessor tolerates a missing or mistyped member and answers empty.
 */
public final class Evaluations {

  private Evaluations() {}

  /** A non-blank text member of an object. */
  public static Optional<String> text(JsonNode object, String field) {
    if (object == null || !object.isObject()) {
      return Optional.empty();
    }
    JsonNode value = object.get(field);
    if (value == null || !value.isTextual() || value.asText().isBlank()) {
      return Optional.empty();
    }
    return Optional.of(value.asText());
  }

  /** An object member of an object. */
  public static Optional<JsonNode> object(JsonNode object, String field) {
    if (object == null || !object.isObject()) {
      return Optional.empty();
    }
    JsonNode value = object.get(field);
    return value != null && value.isObject() ? Optional.of(value) : Optional.empty();
  }

  /** The raw {@code decision} text of a response. */
  public static Optional<String> decisionText(JsonNode response) {
    return text(response, EvaluationFields.DECISION);
  }

  /** The decision of a response, when it is a known one. */
  public static Optional<Decision> decision(JsonNode response) {
    return decisionText(response).flatMap(Decision::fromWire);
  }

  /** The raw {@code escalation.escalationType} text of a response. */
  public static Optional<String> escalationTypeText(JsonNode response) {
    return object(response, EvaluationFields.ESCALATION)
        .flatMap(e -> text(e, EvaluationFields.ESCALATION_TYPE));
  }

  /** The adaptive evaluation detail of a response, when present. */
  public static Optional<JsonNode> adaptiveDetail(JsonNode response) {
    return object(response, EvaluationFields.ADAPTIVE);
  }

  /** {@code adaptive.escalationRecommended}, when present. */
  public static Optional<String> escalationRecommended(JsonNode response) {
    return adaptiveDetail(response).flatMap(a -> text(a, EvaluationFields.ESCALATION_RECOMMENDED));
  }

  /** {@code adaptive.failureFingerprint}, when present. */
  public static Optional<String> failureFingerprint(JsonNode response) {
    return adaptiveDetail(response).flatMap(a -> text(a, EvaluationFields.FAILURE_FINGERPRINT));
  }

  /**
   * The actor the evaluation judged: {@code evaluatedActorId} at the top of the response, else
   * inside the adaptive detail.
   */
  public static Optional<String> evaluatedActorId(JsonNode response) {
    return text(response, EvaluationFields.EVALUATED_ACTOR_ID)
        .or(
            () ->
                adaptiveDetail(response)
                    .flatMap(a -> text(a, EvaluationFields.EVALUATED_ACTOR_ID)));
  }

  /** Whether the request already carries an {@code overrideToken} (any non-null value). */
  public static boolean hasOverrideToken(JsonNode request) {
    JsonNode token = request == null ? null : request.get(EvaluationFields.OVERRIDE_TOKEN);
    return token != null && !token.isNull();
  }
}
