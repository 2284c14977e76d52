package io.causality.sim.errors;

import io.causality.sim.core.errors.WorkingMemoryExhaustedException;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;

/** The envelope of work refused for want of memory, with {@code Retry-After}. */
@Provider
public final class WorkingMemoryExhaustedExceptionMapper
    implements ExceptionMapper<WorkingMemoryExhaustedException> {
  @Override
  public Response toResponse(WorkingMemoryExhaustedException exception) {
    return Response.fromResponse(DomainExceptionMapper.envelope(exception))
        .header(HttpHeaders.RETRY_AFTER, exception.retryAfterSeconds())
        .build();
  }
}
