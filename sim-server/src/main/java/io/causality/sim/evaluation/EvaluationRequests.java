package io.causality.sim.evaluation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.causality.common.errors.ApiException;
import io.causality.common.errors.ValidationIssue;
import io.causality.hitl.protocol.wire.ActorIds;
import io.causality.hitl.protocol.wire.EvaluationFields;
import io.causality.hitl.protocol.wire.InteroperableNumbers;
import io.causality.hitl.protocol.wire.PrintableText;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;

/** Validates evaluationRequests: every bad field is one issue of one 400 answer. */
public final class EvaluationRequests {
  /** The only envelope version this runtime reads and writes. */
  public static final int ENVELOPE_VERSION = 1;

  /** Optional request member: the license presented at redemption. */
  public static final String LICENSE_ID = "licenseId";

  private final String metric;
  private final String trendMetric;

  public EvaluationRequests(StateGate gate) {
    this.metric = gate.metric();
    this.trendMetric = gate.trendMetric();
  }

  /** The validated request, or a 400 VALIDATION_ERROR listing every bad field. */
  public EvaluationInput parse(JsonNode body) {
    if (body == null || !body.isObject()) {
      throw ApiException.invalidField("(root)", "must be a JSON object");
    }
    List<ValidationIssue> issues = new ArrayList<>();
    checkEnvelopeVersion(body, issues);
    requireText(body, EvaluationFields.REQUEST_ID, EvaluationFields.REQUEST_ID, issues);
    requireActor(body, issues);
    optionalText(body, LICENSE_ID, issues);
    checkSnapshot(body.get(EvaluationFields.SNAPSHOT), issues);
    checkNumbers(body, issues);
    if (!issues.isEmpty()) {
      throw ApiException.validation("Invalid evaluationRequest", issues);
    }
    return input((ObjectNode) body);
  }

  private EvaluationInput input(ObjectNode body) {
    JsonNode metrics = body.get(EvaluationFields.SNAPSHOT).get(EvaluationFields.METRICS);
    JsonNode trend = metrics.get(trendMetric);
    JsonNode token = body.get(EvaluationFields.OVERRIDE_TOKEN);
    JsonNode license = body.get(LICENSE_ID);
    return new EvaluationInput(
        body,
        body.get(EvaluationFields.ENVELOPE_VERSION).intValue(),
        body.get(EvaluationFields.REQUEST_ID).asText(),
        body.get(EvaluationFields.ACTOR_ID).asText(),
        license == null || license.isNull() ? Optional.empty() : Optional.of(license.asText()),
        metrics.get(metric).doubleValue(),
        trend == null ? OptionalDouble.empty() : OptionalDouble.of(trend.doubleValue()),
        token == null || token.isNull() ? Optional.empty() : Optional.of(token));
  }

  private static void checkEnvelopeVersion(JsonNode body, List<ValidationIssue> issues) {
    JsonNode version = body.get(EvaluationFields.ENVELOPE_VERSION);
    if (version == null || !version.isIntegralNumber() || version.asLong() != ENVELOPE_VERSION) {
      issues.add(
          new ValidationIssue(EvaluationFields.ENVELOPE_VERSION, "must be " + ENVELOPE_VERSION));
    }
  }

  private void checkSnapshot(JsonNode snapshot, List<ValidationIssue> issues) {
    if (snapshot == null || !snapshot.isObject()) {
      issues.add(new ValidationIssue(EvaluationFields.SNAPSHOT, "must be an object"));
      return;
    }
    requireText(snapshot, EvaluationFields.TIMESTAMP, "snapshot.timestamp", issues);
    JsonNode metrics = snapshot.get(EvaluationFields.METRICS);
    if (metrics == null || !metrics.isObject()) {
      issues.add(new ValidationIssue("snapshot.metrics", "must be an object of numbers"));
      return;
    }
    checkMetrics(metrics, issues);
  }

  private void checkMetrics(JsonNode metrics, List<ValidationIssue> issues) {
    Iterator<Map.Entry<String, JsonNode>> fields = metrics.fields();
    while (fields.hasNext()) {
      Map.Entry<String, JsonNode> field = fields.next();
      if (!field.getValue().isNumber()) {
        issues.add(new ValidationIssue("snapshot.metrics." + field.getKey(), "must be a number"));
      }
    }
    if (!metrics.has(metric)) {
      issues.add(
          new ValidationIssue("snapshot.metrics." + metric, "is required: the gate reads it"));
    }
  }

  /** Every request is hashed (RFC 8785) for its token: a number without a canonical form is bad. */
  private static void checkNumbers(JsonNode body, List<ValidationIssue> issues) {
    InteroperableNumbers.outOfRange(body, "").stream()
        .map(path -> new ValidationIssue(path.substring(1), InteroperableNumbers.OUT_OF_RANGE))
        .forEach(issues::add);
  }

  private static void requireText(
      JsonNode object, String field, String path, List<ValidationIssue> issues) {
    JsonNode value = object.get(field);
    if (value == null || !value.isTextual() || value.asText().isBlank()) {
      issues.add(new ValidationIssue(path, "must be a non-blank string"));
    } else {
      checkPrintable(value, path, issues);
    }
  }

  /**
   * The actor keys the coordinator's gates and is bound into a token: it has the one spelling of
   * {@link ActorIds} (no surrounding spaces, one character set), at both services.
   */
  private static void requireActor(JsonNode body, List<ValidationIssue> issues) {
    JsonNode value = body.get(EvaluationFields.ACTOR_ID);
    if (value == null || !value.isTextual() || value.asText().isBlank()) {
      issues.add(new ValidationIssue(EvaluationFields.ACTOR_ID, "must be a non-blank string"));
    } else if (!ActorIds.isValid(value.asText())) {
      issues.add(new ValidationIssue(EvaluationFields.ACTOR_ID, ActorIds.INVALID));
    }
  }

  private static void optionalText(JsonNode object, String field, List<ValidationIssue> issues) {
    JsonNode value = object.get(field);
    if (value != null && !value.isNull() && (!value.isTextual() || value.asText().isBlank())) {
      issues.add(new ValidationIssue(field, "must be a non-blank string when given"));
    } else if (value != null && value.isTextual()) {
      checkPrintable(value, field, issues);
    }
  }

  /** Ids reach the operators' terminals and the logs (docs/security.md, "Caller text"). */
  private static void checkPrintable(JsonNode text, String path, List<ValidationIssue> issues) {
    if (!PrintableText.isPrintable(text.asText())) {
      issues.add(new ValidationIssue(path, PrintableText.NOT_PRINTABLE));
    }
  }
}
