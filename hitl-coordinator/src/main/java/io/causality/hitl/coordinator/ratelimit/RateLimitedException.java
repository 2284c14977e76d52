package io.causality.hitl.coordinator.ratelimit;

import io.causality.common.errors.ErrorCodes;
import io.causality.common.errors.ErrorResponses;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;

/**
 * A call over its budget, found once its body was read (a submission, whose requester decides the
 * budget): answered 429 RATE_LIMITED with {@code Retry-After}, as {@link RateLimitFilter} answers
 * the calls it refuses before their body.
 */
public final class RateLimitedException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final transient Response response;
  private final Budget budget;

  RateLimitedException(Budget budget, Response response) {
    super("rate limited", null, false, false);
    this.budget = budget;
    this.response = response;
  }

  /** The budget that was spent. */
  public Budget budget() {
    return budget;
  }

  /** Answers the 429 that was built when the call was refused. */
  @Provider
  public static final class Mapper implements ExceptionMapper<RateLimitedException> {
    @Override
    public Response toResponse(RateLimitedException exception) {
      return exception.response;
    }
  }

  /** The 429 answer. */
  static Response tooManyRequests(String message, long retryAfterSeconds) {
    return Response.fromResponse(ErrorResponses.of(429, ErrorCodes.RATE_LIMITED, message, null))
        .header(HttpHeaders.RETRY_AFTER, retryAfterSeconds)
        .build();
  }
}
