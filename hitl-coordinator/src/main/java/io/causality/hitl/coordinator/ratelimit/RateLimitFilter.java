package io.causality.hitl.coordinator.ratelimit;

import io.causality.hitl.coordinator.auth.Caller;
import io.causality.hitl.protocol.wire.SubmitOverrideRequest;
import jakarta.annotation.Priority;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.container.ContainerResponseFilter;
import jakarta.ws.rs.container.ResourceInfo;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.SecurityContext;
import jakarta.ws.rs.ext.ReaderInterceptor;
import jakarta.ws.rs.ext.ReaderInterceptorContext;
import java.io.IOException;
import java.lang.reflect.Method;
import java.security.Principal;
import java.time.Clock;
import java.util.Objects;

/**
 * Charges each call of a {@link RateLimited} resource method to its budget, and answers 429
 * RATE_LIMITED with {@code Retry-After} and the error envelope when the budget is spent. Every
 * answer to a charged call, the 429 and any error after it included, carries {@code
 * X-RateLimit-Limit} (the budget's permits per period), {@code -Remaining} (what is left of them)
 * and {@code -Reset} (the Unix second at which the budget refills). Other methods pass untouched.
 *
 * <p>Redemptions are charged before their body is read, to the caller. Submissions are charged once
 * their body is read, since the requester it names decides whose budget pays: a submission of a
 * configured caller naming its requester is charged to the requester's organization, any other to
 * its caller (docs/rate-limits.md, "The coordinator"). So one organization cannot spend the
 * escalations of the others that share the evaluation runtime's caller.
 *
 * <p>It runs after authentication and the role check, so a call refused 401 or 403 uses no permit
 * and carries no headers. The caller's identity is its configured id; without callers (open on
 * loopback) it is the client address, and a requester named by the open caller is not believed.
 */
@Priority(RateLimitFilter.PRIORITY)
public final class RateLimitFilter
    implements ContainerRequestFilter, ReaderInterceptor, ContainerResponseFilter {
  /** After authorization (2000): only callers that may make the call are charged. */
  public static final int PRIORITY = Priorities.AUTHORIZATION + 100;

  public static final String LIMIT = "X-RateLimit-Limit";
  public static final String REMAINING = "X-RateLimit-Remaining";
  public static final String RESET = "X-RateLimit-Reset";
  // a request property: on the server, an interceptor's properties are the request's
  private static final String STATE = RateLimitFilter.class.getName() + ".state";

  private final CallerLimiters limiters;
  private final Clock clock;

  // Jersey injects per-request proxies into registered instances; a constructor cannot take them.
  @Context private HttpServletRequest servletRequest;
  @Context private ResourceInfo resource;
  @Context private SecurityContext security;

  /**
   * @param clock the wall clock that turns the time to a refill into {@code X-RateLimit-Reset}
   */
  public RateLimitFilter(CallerLimiters limiters, Clock clock) {
    this.limiters = Objects.requireNonNull(limiters, "limiters");
    this.clock = Objects.requireNonNull(clock, "clock");
  }

  @Override
  public void filter(ContainerRequestContext request) {
    RateLimited limited = limitOf();
    if (limited == null || limited.value() == Budget.SUBMISSIONS) {
      return;
    }
    String identity = callerIdentity(request.getSecurityContext().getUserPrincipal());
    BudgetState state = limiters.tryAcquire(limited.value(), identity);
    request.setProperty(STATE, state);
    if (!state.admitted()) {
      request.abortWith(tooManyRequests(limited.value(), identity, state.retryAfterSeconds()));
    }
  }

  @Override
  public Object aroundReadFrom(ReaderInterceptorContext context) throws IOException {
    Object entity = context.proceed();
    RateLimited limited = limitOf();
    if (limited != null
        && limited.value() == Budget.SUBMISSIONS
        && entity instanceof SubmitOverrideRequest submission) {
      chargeSubmission(submission, context);
    }
    return entity;
  }

  @Override
  public void filter(ContainerRequestContext request, ContainerResponseContext response) {
    if (request.getProperty(STATE) instanceof BudgetState state) {
      MultivaluedMap<String, Object> headers = response.getHeaders();
      headers.putSingle(LIMIT, state.limit());
      headers.putSingle(REMAINING, state.remaining());
      headers.putSingle(RESET, resetSecond(state));
    }
  }

  private void chargeSubmission(
      SubmitOverrideRequest submission, ReaderInterceptorContext context) {
    Principal principal = security.getUserPrincipal();
    boolean vouched =
        submission.requester() != null
            && submission.requester().organizationId() != null
            && principal instanceof Caller caller
            && caller.configured();
    Budget budget = vouched ? Budget.ORGANIZATION_SUBMISSIONS : Budget.SUBMISSIONS;
    String identity =
        vouched
            ? "organization " + submission.requester().organizationId()
            : callerIdentity(principal);
    BudgetState state = limiters.tryAcquire(budget, identity);
    context.setProperty(STATE, state);
    if (!state.admitted()) {
      throw new RateLimitedException(
          budget, tooManyRequests(budget, identity, state.retryAfterSeconds()));
    }
  }

  /** The Unix second by which the budget has refilled (rounded up, so never too early). */
  private long resetSecond(BudgetState state) {
    long refillMillis = clock.millis() - Math.floorDiv(-state.nanosToRefill(), 1_000_000L);
    return -Math.floorDiv(-refillMillis, 1_000L);
  }

  private RateLimited limitOf() {
    Method method = resource == null ? null : resource.getResourceMethod();
    return method == null ? null : method.getAnnotation(RateLimited.class);
  }

  private String callerIdentity(Principal principal) {
    if (principal instanceof Caller caller && caller.configured()) {
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
    return RateLimitedException.tooManyRequests(message, retryAfterSeconds);
  }
}
