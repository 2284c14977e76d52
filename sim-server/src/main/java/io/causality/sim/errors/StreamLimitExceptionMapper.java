package io.causality.sim.errors;

import io.causality.sim.core.errors.StreamLimitException;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;

/**
 * The envelope of a refused stream, with {@code Retry-After} (two heartbeat intervals: by then a
 * stream whose client went away has been found and closed) and the stream limit.
 */
@Provider
public final class StreamLimitExceptionMapper implements ExceptionMapper<StreamLimitException> {
  @Override
  public Response toResponse(StreamLimitException exception) {
    return Response.fromResponse(DomainExceptionMapper.envelope(exception))
        .header(HttpHeaders.RETRY_AFTER, exception.retryAfterSeconds())
        .header(RateLimitHeaders.LIMIT, exception.limit())
        .header(RateLimitHeaders.REMAINING, 0)
        .build();
  }
}
