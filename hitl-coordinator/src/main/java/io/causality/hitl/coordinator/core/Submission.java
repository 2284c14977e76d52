package io.causality.hitl.coordinator.core;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.causality.hitl.protocol.crypto.CanonicalJson;
import io.causality.hitl.protocol.wire.Requester;
import java.util.Objects;

/**
 * What the coordinator derives from a valid submission.
 *
 * @param requestHash hash of the evaluation request without overrideToken
 * @param actionHash hash of its action; null without one
 * @param actorId the resolved actor; null when none of the sources names one
 * @param intentId {@code evaluationRequest.intentId}; null without one
 * @param failureFingerprint the adaptive detail's fingerprint, else the derived one
 * @param requester the requester a configured submitter vouched for; null without one
 */
record Submission(
    String requestHash,
    String actionHash,
    String actorId,
    String intentId,
    String failureFingerprint,
    Requester requester) {

  /** The requester's organization; null without a requester. */
  String organization() {
    return requester == null ? null : requester.organizationId();
  }

  /**
   * The dedupe key: a hash of (organization, actor, intent, fingerprint) with missing values as
   * empty strings, so that submissions without them still deduplicate, and one organization's
   * pending request does not hold back another's.
   */
  String gatingKey() {
    var array =
        JsonNodeFactory.instance
            .arrayNode()
            .add(orEmpty(organization()))
            .add(orEmpty(actorId))
            .add(orEmpty(intentId))
            .add(orEmpty(failureFingerprint));
    return CanonicalJson.sha256Hex(array);
  }

  static String orEmpty(String value) {
    return Objects.requireNonNullElse(value, "");
  }
}
