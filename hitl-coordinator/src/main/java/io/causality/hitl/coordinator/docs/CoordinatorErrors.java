package io.causality.hitl.coordinator.docs;

import io.causality.common.openapi.TypedErrors;
import io.causality.common.openapi.TypedErrors.Detailed;
import java.util.List;

/**
 * The coordinator's error codes as the document types them: the codes that carry details, each with
 * the schema of its details (in {@code coordinator-openapi-overlay.json}, written by the errors
 * package's {@code OverrideExceptionMapper}), and the others, whose details are null. An answer
 * whose code has details the document does not type fails the contract check of the integration
 * tests.
 */
final class CoordinatorErrors {
  private CoordinatorErrors() {}

  static TypedErrors typed() {
    return new TypedErrors(
        List.of(
            new Detailed(
                "VALIDATION_ERROR",
                "ValidationDetails",
                false,
                "400: the request is invalid; one issue per bad field or parameter",
                "Invalid request: licenseId is required"),
            new Detailed(
                "INVALID_TRANSITION",
                "TransitionDetails",
                false,
                "409: the request's status does not allow the transition asked for",
                "Override request 6f1c2a9e-0b7d-4a53-9d8e-2c4f5a6b7c8d is DENIED, not PENDING"),
            new Detailed(
                "ALREADY_APPROVED",
                "ApprovalDetails",
                false,
                "409: this operator approved the request before; it waits for other operators",
                "Operator ops-1 already approved this request"),
            new Detailed(
                "DENY_COOLDOWN",
                "CooldownDetails",
                false,
                "409: a request of this actor was denied within the policy's cooldownAfterDenyMs",
                "A request of this actor was denied recently; submit again after the cooldown"),
            new Detailed(
                "MATERIAL_CHANGE_REQUIRED",
                "MaterialChangeDetails",
                false,
                "409: a denied request had the same failure fingerprint",
                "A denied request had the same failure; change the request materially")),
        List.of(
            "UNAUTHORIZED",
            "FORBIDDEN",
            "SELF_APPROVAL",
            "NOT_FOUND",
            "DEDUPLICATED",
            "METHOD_NOT_ALLOWED",
            "NOT_ACCEPTABLE",
            "PAYLOAD_TOO_LARGE",
            "UNSUPPORTED_MEDIA_TYPE",
            "RATE_LIMITED",
            "SERVICE_UNAVAILABLE",
            "INTERNAL"));
  }
}
