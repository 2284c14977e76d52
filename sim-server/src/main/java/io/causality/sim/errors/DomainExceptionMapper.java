package io.causality.sim.errors;

import io.causality.common.errors.ErrorCodes;
import io.causality.common.errors.ErrorResponses;
import io.causality.sim.core.errors.DomainException;
import io.causality.sim.core.errors.QuotaExceededException;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * sim-server's expected failures in the error envelope, the status picked by the code: 400
 * VALIDATION_ERROR, 401 UNAUTHORIZED, 403 FORBIDDEN and QUOTA_EXCEEDED, 404 NOT_FOUND, 409
 * CONFLICT, 429 RATE_LIMITED, 503 SERVICE_UNAVAILABLE. A code without a status is a bug: 500,
 * logged.
 */
@Provider
public final class DomainExceptionMapper implements ExceptionMapper<DomainException> {
  private static final Logger LOG = LoggerFactory.getLogger(DomainExceptionMapper.class);

  @Override
  public Response toResponse(DomainException exception) {
    return envelope(exception);
  }

  /** The envelope of {@code exception}, for mappers of its subclasses that add headers. */
  static Response envelope(DomainException exception) {
    int status = statusOf(exception.code());
    if (status == 500) {
      LOG.error("No HTTP status for error code {}", exception.code(), exception);
      return ErrorResponses.of(500, ErrorCodes.INTERNAL, "An internal error occurred", null);
    }
    return ErrorResponses.of(status, exception.code(), exception.getMessage(), exception.details());
  }

  static int statusOf(String code) {
    return switch (code) {
      case ErrorCodes.VALIDATION_ERROR -> 400;
      case ErrorCodes.UNAUTHORIZED -> 401;
      case ErrorCodes.FORBIDDEN, QuotaExceededException.CODE -> 403;
      case ErrorCodes.NOT_FOUND -> 404;
      case ErrorCodes.CONFLICT -> 409;
      case ErrorCodes.RATE_LIMITED -> 429;
      case ErrorCodes.SERVICE_UNAVAILABLE -> 503;
      default -> 500;
    };
  }
}
