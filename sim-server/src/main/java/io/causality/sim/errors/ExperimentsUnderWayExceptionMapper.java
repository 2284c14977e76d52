package io.causality.sim.errors;

import io.causality.sim.core.errors.ExperimentsUnderWayException;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;

/**
 * The envelope of a refused experiment, with {@code Retry-After}; the limit is in its details (the
 * rate-limit headers are those of the request's route class).
 */
@Provider
public final class ExperimentsUnderWayExceptionMapper
    implements ExceptionMapper<ExperimentsUnderWayException> {
  @Override
  public Response toResponse(ExperimentsUnderWayException exception) {
    return Response.fromResponse(DomainExceptionMapper.envelope(exception))
        .header(HttpHeaders.RETRY_AFTER, ExperimentsUnderWayException.RETRY_AFTER_SECONDS)
        .build();
  }
}
