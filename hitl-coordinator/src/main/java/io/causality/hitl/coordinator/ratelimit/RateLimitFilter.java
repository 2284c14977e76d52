package io.causality.hitl.coordinator.ratelimit;

import io.causality.common.errors.ErrorCodes;
import io.causality.common.errors.ErrorResponses;
import io.causality.hitl.coordinator.auth.Caller;
import jakarta.annotation.Priority;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.ResourceInfo;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;
import java.lang.reflect.Method;
import java.util.Objects;
import java.util.OptionalLong;

/**
 * Charges each call of a {@link RateLimited} resource method to its caller's budget, and answers
 * 429 RATE_LIMITED with {@code Retry-After} and the error envelope when the budget is spent. Other
 * methods pass untouched.
 *
 * <p>It runs after authentication and the role check, so a call refused 401 or 403 uses no permit.
 * The identity is the configured caller's id; without callers (open on loopback) it is the client
 * address.
 */
@Priority(RateLimitFilter.PRIORITY)
public final class RateLimitFilter implements ContainerRequestFilter {
  /** After authorization (2000): only callers that may make the call are charged. */
  public static final int PRIORITY = Priorities.AUTHORIZATION + 100;

  private final CallerLimiters limiters;

  // Jersey injects per-request proxies into registered instances; a constructor cannot take them.
  @Context private HttpServletRequest servletRequest;
  @Context private ResourceInfo resource;

  public RateLimitFilter(CallerLimiters limiters) {
    this.limiters = Objects.requireNonNull(limiters, "limiters");
  }

  @Override
  public void filter(ContainerRequestContext request) {
    Method method = resource.getResourceMethod();
    RateLimited limited = method == null ? null : method.getAnnotation(RateLimited.class);
    if (limited == null) {
      return;
    }
    String identity = identityOf(request);
    OptionalLong retryAfter = limiters.tryAcquire(limited.value(), identity);
    if (retryAfter.isPresent()) {
      request.abortWith(tooManyRequests(limited.value(), identity, retryAfter.getAsLong()));
    }
  }

  private String identityOf(ContainerRequestContext request) {
    if (request.getSecurityContext().getUserPrincipal() instanceof Caller caller
        && caller.configured()) {
      return "caller " + caller.id();
    }
    return "address " + servletRequest.getRemoteAddr();
  }

  private Response tooManyRequests(Budget budget, String identity, long retryAfterSeconds) {
    String message =
        String.format(
            "Rate limit exceeded: %d %s per %s for %s; retry after %d seconds",
            limiters.limitOf(budget),
            budget.wireName(),
            limiters.periodText(),
            identity,
            retryAfterSeconds);
    return Response.fromResponse(ErrorResponses.of(429, ErrorCodes.RATE_LIMITED, message, null))
        .header(HttpHeaders.RETRY_AFTER, retryAfterSeconds)
        .build();
  }
}
