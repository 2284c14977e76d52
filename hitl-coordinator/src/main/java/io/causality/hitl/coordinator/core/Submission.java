package io.causality.hitl.coordinator.core;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.causality.hitl.protocol.crypto.CanonicalJson;
import java.util.Objects;

/**
 * What the coordinator derives from a valid submission.
 *
 * @param requestHash hash of the evaluation request without overrideToken
 * @param actionHash hash of its action; null without one
 * @param actorId the resolved actor; null when none of the sources names one
 * @param intentId {@code evaluationRequest.intentId}; null without one
 * @param failureFingerprint the adaptive detail's fingerprint, else the derived one
 */
record Submission(
    String requestHash,
    String actionHash,
    String actorId,
    String intentId,
    String failureFingerprint) {

  /**
   * The dedupe key: a hash of (actor, intent, fingerprint) with missing values as empty strings, so
   * that submissions without them still deduplicate.
   */
  String gatingKey() {
    var array =
        JsonNodeFactory.instance
            .arrayNode()
            .add(orEmpty(actorId))
            .add(orEmpty(intentId))
            .add(orEmpty(failureFingerprint));
    return CanonicalJson.sha256Hex(array);
  }

  static String orEmpty(String value) {
    return Objects.requireNonNullElse(value, "");
  }
}
