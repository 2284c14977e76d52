package io.causality.common.errors;

import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Jersey's own failures (unknown path, wrong method, unsupported media type, unacceptable Accept
 * header, ...) in the envelope. Their messages are replaced by fixed texts so that no internal
 * detail leaks; the {@code Allow} header of a 405 is kept.
 */
@Provider
public final class WebApplicationExceptionMapper
    implements ExceptionMapper<WebApplicationException> {
  private static final Logger LOG = LoggerFactory.getLogger(WebApplicationExceptionMapper.class);

  @Override
  public Response toResponse(WebApplicationException exception) {
    Response original = exception.getResponse();
    int status = original.getStatus();
    if (status >= 500) {
      LOG.error("Request failed inside the framework with status {}", status, exception);
    }
    Response envelope =
        ErrorResponses.of(
            status,
            ErrorCodes.forStatus(status),
            messageFor(status),
            status == 400 ? ValidationDetails.ofRequest() : null);
    String allow = original.getHeaderString(HttpHeaders.ALLOW);
    if (allow == null) {
      return envelope;
    }
    return Response.fromResponse(envelope).header(HttpHeaders.ALLOW, allow).build();
  }

  static String messageFor(int status) {
    return switch (status) {
      case 400 -> "The request is malformed";
      case 401 -> "Authentication is required";
      case 403 -> "Access to this resource is forbidden";
      case 404 -> "No resource at this path";
      case 405 -> "This method is not allowed on this resource";
      case 406 -> "None of the accepted media types can be produced";
      case 413 -> "The request body is too large";
      case 415 -> "Unsupported media type: send Content-Type: application/json";
      default -> status >= 500 ? "An internal error occurred" : "The request failed";
    };
  }
}
