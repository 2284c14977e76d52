package io.causality.common.errors;

import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;

/** Every {@link ApiException} becomes the envelope with its own status and code. */
@Provider
public final class ApiExceptionMapper implements ExceptionMapper<ApiException> {
  @Override
  public Response toResponse(ApiException exception) {
    return ErrorResponses.of(exception);
  }
}
