package io.causality.hitl.coordinator.core;

import static io.causality.hitl.protocol.wire.EvaluationFields.ACTOR_ID;
import static io.causality.hitl.protocol.wire.EvaluationFields.INTENT_ID;
import static io.causality.hitl.protocol.wire.SubmitOverrideRequest.MAX_ID_LENGTH;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.causality.hitl.protocol.crypto.CanonicalJson;
import io.causality.hitl.protocol.wire.ActorIds;
import io.causality.hitl.protocol.wire.Decision;
import io.causality.hitl.protocol.wire.EscalationType;
import io.causality.hitl.protocol.wire.EvaluationFields;
import io.causality.hitl.protocol.wire.Evaluations;
import io.causality.hitl.protocol.wire.InteroperableNumbers;
import io.causality.hitl.protocol.wire.PrintableText;
import io.causality.hitl.protocol.wire.RequestHashes;
import io.causality.hitl.protocol.wire.Requester;
import io.causality.hitl.protocol.wire.SubmitOverrideRequest;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The submission rules about the evaluation itself, each reported as one issue on the field it
 * concerns: the decision is an overrideable rejection, the escalation is HUMAN_ESCALATION, an
 * adaptive detail recommends HUMAN_ESCALATION too, and the request carries no overrideToken; the
 * ids inside the envelopes fit their columns and are printable; every number is I-JSON. The body's
 * own shape (required members, their JSON types and sizes) is checked before, by the constraints of
 * {@link SubmitOverrideRequest}.
 */
final class SubmissionRules {

  private static final String HUMAN = EscalationType.HUMAN_ESCALATION.name();

  /**
   * Checks and derives, or throws one exception listing every broken rule.
   *
   * @param body a submission that satisfies its constraints (the resource takes it with
   *     {@code @Valid})
   * @param requester the requester a configured submitter vouched for; null without one
   */
  Submission check(SubmitOverrideRequest body, Requester requester) {
    if (body == null) {
      throw OverrideValidationException.of("(body)", "a submission body is required");
    }
    List<Issue> issues = new ArrayList<>();
    checkRequest(Objects.requireNonNull(body.evaluationRequest(), "evaluationRequest"), issues);
    checkResponse(Objects.requireNonNull(body.evaluationResponse(), "evaluationResponse"), issues);
    checkNumbers(body, issues);
    if (!issues.isEmpty()) {
      throw new OverrideValidationException(issues);
    }
    return derive(body, requester);
  }

  private static void checkRequest(JsonNode request, List<Issue> issues) {
    if (Evaluations.hasOverrideToken(request)) {
      issues.add(
          new Issue(
              "evaluationRequest.overrideToken",
              "must be absent: the request already carries an override token"));
    }
    checkId("evaluationRequest.requestId", request.get(EvaluationFields.REQUEST_ID), issues);
    checkActor("evaluationRequest.actorId", request.get(ACTOR_ID), issues);
    checkId("evaluationRequest.intentId", request.get(INTENT_ID), issues);
  }

  private static void checkResponse(JsonNode response, List<Issue> issues) {
    checkDecision(response, issues);
    String type = Evaluations.escalationTypeText(response).orElse(null);
    if (!HUMAN.equals(type)) {
      issues.add(
          new Issue(
              "evaluationResponse.escalation.escalationType", "must be " + HUMAN + was(type)));
    }
    checkAdaptive(response, issues);
    checkActor(
        "evaluationResponse.evaluatedActorId",
        response.get(EvaluationFields.EVALUATED_ACTOR_ID),
        issues);
  }

  private static void checkDecision(JsonNode response, List<Issue> issues) {
    String decision = Evaluations.decisionText(response).orElse(null);
    boolean overrideable = Decision.fromWire(decision).map(Decision::isOverrideable).orElse(false);
    if (!overrideable) {
      issues.add(
          new Issue(
              "evaluationResponse.decision",
              "must be REJECT_STATE or REJECT_ACTION" + was(decision)));
    }
  }

  private static void checkAdaptive(JsonNode response, List<Issue> issues) {
    JsonNode adaptive = response.get(EvaluationFields.ADAPTIVE);
    if (adaptive == null || adaptive.isNull()) {
      return;
    }
    String path = "evaluationResponse." + EvaluationFields.ADAPTIVE;
    if (!adaptive.isObject()) {
      issues.add(new Issue(path, "must be an object"));
      return;
    }
    String recommended = Evaluations.escalationRecommended(response).orElse(null);
    if (!HUMAN.equals(recommended)) {
      issues.add(
          new Issue(
              path + "." + EvaluationFields.ESCALATION_RECOMMENDED,
              "must be " + HUMAN + " when adaptive detail is present" + was(recommended)));
    }
    checkId(
        path + "." + EvaluationFields.FAILURE_FINGERPRINT,
        adaptive.get(EvaluationFields.FAILURE_FINGERPRINT),
        issues);
    checkActor(
        path + "." + EvaluationFields.EVALUATED_ACTOR_ID,
        adaptive.get(EvaluationFields.EVALUATED_ACTOR_ID),
        issues);
  }

  /**
   * An id inside the envelopes fits its column and holds printable characters only: operators read
   * it in their terminals (docs/security.md, "Caller text").
   */
  private static void checkId(String path, JsonNode value, List<Issue> issues) {
    if (value == null || !value.isTextual()) {
      return;
    }
    if (value.asText().length() > MAX_ID_LENGTH) {
      issues.add(new Issue(path, SubmitOverrideRequest.TOO_LONG));
    } else if (!PrintableText.isPrintable(value.asText())) {
      issues.add(new Issue(path, PrintableText.NOT_PRINTABLE));
    }
  }

  /**
   * An actor id, wherever the actor may be resolved from, has the one spelling of {@link ActorIds}:
   * the gates key on it, so a variant spelling must not pass for another actor.
   */
  private static void checkActor(String path, JsonNode value, List<Issue> issues) {
    if (value == null || !value.isTextual()) {
      return;
    }
    if (!ActorIds.isValid(value.asText())) {
      issues.add(new Issue(path, ActorIds.INVALID));
    }
  }

  /** The envelopes are hashed (RFC 8785): a number without a canonical form is a bad field. */
  private static void checkNumbers(SubmitOverrideRequest body, List<Issue> issues) {
    Stream.of(
            InteroperableNumbers.outOfRange(body.evaluationRequest(), "evaluationRequest"),
            InteroperableNumbers.outOfRange(body.evaluationResponse(), "evaluationResponse"),
            InteroperableNumbers.outOfRange(body.sentinelFeed(), "sentinelFeed"),
            InteroperableNumbers.outOfRange(body.sentinelSummary(), "sentinelSummary"))
        .flatMap(List::stream)
        .map(path -> new Issue(path, InteroperableNumbers.OUT_OF_RANGE))
        .forEach(issues::add);
  }

  private static Submission derive(SubmitOverrideRequest body, Requester requester) {
    JsonNode request = body.evaluationRequest();
    JsonNode response = body.evaluationResponse();
    String actorId = resolveActor(body);
    String fingerprint =
        Evaluations.failureFingerprint(response)
            .orElseGet(() -> derivedFingerprint(actorId, response));
    return new Submission(
        RequestHashes.requestHash(request),
        RequestHashes.actionHash(request).orElse(null),
        actorId,
        Evaluations.text(request, INTENT_ID).orElse(null),
        fingerprint,
        requester);
  }

  /** Submission actorId, then evaluationRequest.actorId, then the evaluated actor. */
  static String resolveActor(SubmitOverrideRequest body) {
    return Optional.ofNullable(body.actorId())
        .filter(a -> !a.isBlank())
        .or(() -> Evaluations.text(body.evaluationRequest(), ACTOR_ID))
        .or(() -> Evaluations.evaluatedActorId(body.evaluationResponse()))
        .orElse(null);
  }

  /** SHA-256 of the canonical {actorId, decision, reasonCode, mode, escalationType}. */
  static String derivedFingerprint(String actorId, JsonNode response) {
    ObjectNode facts = JsonNodeFactory.instance.objectNode();
    facts.put("actorId", actorId);
    facts.put("decision", Evaluations.decisionText(response).orElse(null));
    facts.put("reasonCode", Evaluations.text(response, EvaluationFields.REASON_CODE).orElse(null));
    facts.put("mode", Evaluations.text(response, EvaluationFields.MODE).orElse(null));
    facts.put("escalationType", Evaluations.escalationTypeText(response).orElse(null));
    return CanonicalJson.sha256Hex(facts);
  }

  private static String was(String value) {
    if (value == null) {
      return ", but it is missing";
    }
    String shown = value.length() > 40 ? value.substring(0, 40) + "..." : value;
    return ", was " + shown;
  }
}
