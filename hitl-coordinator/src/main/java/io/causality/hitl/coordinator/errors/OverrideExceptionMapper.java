package io.causality.hitl.coordinator.errors;

import com.fasterxml.jackson.annotation.JsonFormat;
import io.causality.common.errors.ErrorCodes;
import io.causality.common.errors.ErrorResponses;
import io.causality.common.errors.ValidationDetails;
import io.causality.common.errors.ValidationIssue;
import io.causality.hitl.coordinator.core.AlreadyApprovedException;
import io.causality.hitl.coordinator.core.DeduplicatedException;
import io.causality.hitl.coordinator.core.DenyCooldownException;
import io.causality.hitl.coordinator.core.InvalidTransitionException;
import io.causality.hitl.coordinator.core.MaterialChangeRequiredException;
import io.causality.hitl.coordinator.core.OverrideException;
import io.causality.hitl.coordinator.core.OverrideValidationException;
import io.causality.hitl.protocol.wire.OverrideRequestStatus;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The coordinator's expected failures in the error envelope, status by code: 400 VALIDATION_ERROR
 * (one issue per field), 403 FORBIDDEN (another operator's key) and SELF_APPROVAL (four eyes), 404
 * NOT_FOUND, and 409 for INVALID_TRANSITION, DEDUPLICATED, DENY_COOLDOWN, MATERIAL_CHANGE_REQUIRED
 * and ALREADY_APPROVED. The dedupe answer also carries {@code coordinatorRequestId} and {@code
 * deduplicated: true} beside {@code error}, as the contract asks; the other 409s say in {@code
 * details} what stands in the way.
 */
@Provider
public final class OverrideExceptionMapper implements ExceptionMapper<OverrideException> {
  private static final Logger LOG = LoggerFactory.getLogger(OverrideExceptionMapper.class);

  /** Why a transition was refused: the request's status now and the one asked for. */
  public record TransitionDetails(
      String coordinatorRequestId, OverrideRequestStatus status, OverrideRequestStatus target) {}

  /** When the actor may submit again. */
  public record CooldownDetails(
      @JsonFormat(shape = JsonFormat.Shape.STRING) Instant cooldownEndsAt) {}

  /** The request that waits for other operators' approvals, and the one who approved it before. */
  public record ApprovalDetails(String coordinatorRequestId, String operatorId) {}

  /** The denied request whose failure is the same. */
  public record MaterialChangeDetails(String deniedRequestId) {}

  @Override
  public Response toResponse(OverrideException exception) {
    int status = statusOf(exception.code());
    if (status == 500) {
      LOG.error("No HTTP status for override error code {}", exception.code(), exception);
      return ErrorResponses.of(500, ErrorCodes.INTERNAL, "An internal error occurred", null);
    }
    return ErrorResponses.of(
        status, exception.code(), message(exception), details(exception), extraFields(exception));
  }

  static int statusOf(String code) {
    return switch (code) {
      case ErrorCodes.VALIDATION_ERROR -> 400;
      case ErrorCodes.NOT_FOUND -> 404;
      case ErrorCodes.FORBIDDEN, "SELF_APPROVAL" -> 403;
      case "INVALID_TRANSITION",
          "DEDUPLICATED",
          "DENY_COOLDOWN",
          "MATERIAL_CHANGE_REQUIRED",
          "ALREADY_APPROVED" ->
          409;
      default -> 500;
    };
  }

  private static String message(OverrideException exception) {
    if (exception instanceof OverrideValidationException) {
      return "Invalid request: " + exception.getMessage();
    }
    return capitalized(exception.getMessage());
  }

  private static Object details(OverrideException exception) {
    if (exception instanceof OverrideValidationException validation) {
      return new ValidationDetails(
          validation.issues().stream()
              .map(issue -> new ValidationIssue(issue.path(), issue.message()))
              .toList());
    }
    if (exception instanceof InvalidTransitionException transition) {
      return new TransitionDetails(
          transition.coordinatorRequestId(), transition.current(), transition.target());
    }
    if (exception instanceof DenyCooldownException cooldown) {
      return new CooldownDetails(cooldown.cooldownEndsAt());
    }
    if (exception instanceof AlreadyApprovedException approved) {
      return new ApprovalDetails(approved.coordinatorRequestId(), approved.operatorId());
    }
    if (exception instanceof MaterialChangeRequiredException material) {
      return new MaterialChangeDetails(material.deniedRequestId());
    }
    return null;
  }

  private static Map<String, Object> extraFields(OverrideException exception) {
    if (!(exception instanceof DeduplicatedException duplicate)) {
      return Map.of();
    }
    Map<String, Object> fields = new LinkedHashMap<>();
    fields.put("coordinatorRequestId", duplicate.existingRequestId());
    fields.put("deduplicated", true);
    return fields;
  }

  private static String capitalized(String message) {
    return message.isEmpty()
        ? message
        : Character.toUpperCase(message.charAt(0)) + message.substring(1);
  }
}
