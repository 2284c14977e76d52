package io.causality.sim.ratelimit;

import io.causality.common.errors.ErrorCodes;
import io.causality.common.errors.ErrorResponses;
import io.causality.sim.auth.RequestIdentity;
import io.causality.sim.core.organization.Caller;
import io.causality.sim.errors.RateLimitHeaders;
import io.causality.sim.metrics.SimMetrics;
import jakarta.annotation.Priority;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.container.ContainerResponseFilter;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.core.Response;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * Charges each request to its identity's budget for its route class, sized by the tier, and answers
 * 429 RATE_LIMITED with {@code Retry-After} when the budget is spent.
 *
 * <p>It runs after authentication, so the identity is known, and before authorization and
 * everything else. Every response of a charged request carries {@code X-RateLimit-Limit}, {@code
 * -Remaining} and {@code -Reset}, errors that later filters or resources answer too.
 */
@Priority(RateLimitFilter.PRIORITY)
public final class RateLimitFilter implements ContainerRequestFilter, ContainerResponseFilter {
  /** Between authentication (1000) and authorization (2000). */
  public static final int PRIORITY = Priorities.AUTHENTICATION + 500;

  public static final String LIMIT = RateLimitHeaders.LIMIT;
  public static final String REMAINING = RateLimitHeaders.REMAINING;
  public static final String RESET = RateLimitHeaders.RESET;
  private static final String DECISION = RateLimitFilter.class.getName() + ".decision";

  private final Budgets limiter;
  private final TierResolver tiers;
  private final Duration window;

  // Jersey injects a per-request proxy into registered instances; a constructor cannot take it.
  @Context private HttpServletRequest servletRequest;

  public RateLimitFilter(Budgets limiter, TierResolver tiers, Duration window) {
    this.limiter = Objects.requireNonNull(limiter);
    this.tiers = Objects.requireNonNull(tiers);
    this.window = Objects.requireNonNull(window);
  }

  @Override
  public void filter(ContainerRequestContext request) {
    RouteClass routeClass = RouteClass.of(request.getMethod(), request.getUriInfo().getPath());
    Optional<Caller> caller = RequestIdentity.caller(request);
    routeClass
        .limitIn(tiers.tierOf(caller).rateLimits())
        .ifPresent(
            limit -> {
              RequestIdentity identity =
                  RequestIdentity.of(request, servletRequest.getRemoteAddr());
              RateLimitDecision decision = limiter.tryAcquire(identity, routeClass, limit);
              request.setProperty(DECISION, decision);
              if (!decision.allowed()) {
                SimMetrics.RATE_LIMITED.labelValues(SimMetrics.label(routeClass.name())).inc();
                request.abortWith(tooManyRequests(routeClass, decision));
              }
            });
  }

  @Override
  public void filter(ContainerRequestContext request, ContainerResponseContext response) {
    if (request.getProperty(DECISION) instanceof RateLimitDecision decision) {
      MultivaluedMap<String, Object> headers = response.getHeaders();
      headers.putSingle(LIMIT, decision.limit());
      headers.putSingle(REMAINING, decision.remaining());
      headers.putSingle(RESET, decision.resetEpochSecond());
    }
  }

  private Response tooManyRequests(RouteClass routeClass, RateLimitDecision decision) {
    String message =
        String.format(
            "Rate limit exceeded: %d %s requests per %d seconds; retry after %d seconds",
            decision.limit(),
            routeClass.wireName(),
            window.toSeconds(),
            decision.retryAfterSeconds());
    return Response.fromResponse(ErrorResponses.of(429, ErrorCodes.RATE_LIMITED, message, null))
        .header(HttpHeaders.RETRY_AFTER, decision.retryAfterSeconds())
        .build();
  }
}
