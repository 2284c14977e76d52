package io.causality.sim.docs;

import io.causality.common.openapi.TypedErrors;
import io.causality.common.openapi.TypedErrors.Detailed;
import java.util.List;

/**
 * sim-server's error codes as the document types them: the codes that carry details, each with the
 * schema of its details (in {@code sim-openapi-overlay.json}), and the others, whose details are
 * null. An answer whose code has details the document does not type fails the contract check of the
 * integration tests.
 */
final class SimErrors {
  private SimErrors() {}

  static TypedErrors typed() {
    return new TypedErrors(
        List.of(
            new Detailed(
                "VALIDATION_ERROR",
                "ValidationDetails",
                false,
                "400: the request is invalid; one issue per bad field or parameter, and the "
                    + "engine versions there are when engineVersion is unknown",
                "Invalid request: ticks must be from 1 to 10000"),
            new Detailed(
                "QUOTA_EXCEEDED",
                "QuotaDetails",
                false,
                "403: the action would pass a limit of the organization's license",
                "The license allows 1000 ticks per simulation; this one is at 990"),
            new Detailed(
                "NOT_FOUND",
                "NotFoundDetails",
                true,
                "404: nothing has the id; an unknown domain adapter lists the ones there are",
                "No simulation 6f1c2a9e-0b7d-4a53-9d8e-2c4f5a6b7c8d"),
            new Detailed(
                "RATE_LIMITED",
                "RateLimitDetails",
                true,
                "429: too many requests in the window (details null), or as many experiments "
                    + "under way as the license allows (details name maxConcurrentExperiments)",
                "Too many experiments under way: the license allows 2 queued or running at once "
                    + "for this organization; retry when one has finished"),
            new Detailed(
                "IDEMPOTENCY_REPLAY_UNAVAILABLE",
                "ReplayUnavailableDetails",
                false,
                "409: the request with this Idempotency-Key completed, but its answer was not "
                    + "stored, so it cannot be replayed",
                "The request with this Idempotency-Key completed with status 200, but its "
                    + "response was not stored")),
        List.of(
            "UNAUTHORIZED",
            "FORBIDDEN",
            "CONFLICT",
            "IDEMPOTENCY_KEY_REUSE",
            "IDEMPOTENCY_KEY_IN_USE",
            "METHOD_NOT_ALLOWED",
            "NOT_ACCEPTABLE",
            "PAYLOAD_TOO_LARGE",
            "UNSUPPORTED_MEDIA_TYPE",
            "EVALUATION_DISABLED",
            "COORDINATOR_UNAVAILABLE",
            "SERVICE_UNAVAILABLE",
            "INTERNAL"));
  }
}
