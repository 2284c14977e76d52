package io.causality.hitl.coordinator.ratelimit;

import io.causality.hitl.coordinator.auth.Caller;
import io.causality.hitl.protocol.wire.SubmitOverrideRequest;
import jakarta.annotation.Priority;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.ResourceInfo;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.SecurityContext;
import jakarta.ws.rs.ext.ReaderInterceptor;
import jakarta.ws.rs.ext.ReaderInterceptorContext;
import java.io.IOException;
import java.lang.reflect.Method;
import java.security.Principal;
import java.util.Objects;
import java.util.OptionalLong;

/**
 * Charges each call of a {@link RateLimited} resource method to its budget, and answers 429
 * RATE_LIMITED with {@code Retry-After} and the error envelope when the budget is spent. Other
 * methods pass untouched.
 *
 * <p>Redemptions are charged before their body is read, to the caller. Submissions are charged once
 * their body is read, since the requester it names decides whose budget pays: a submission of a
 * configured caller naming its requester is charged to the requester's organization, any other to
 * its caller (docs/rate-limits.md, "The coordinator"). So one organization cannot spend the
 * escalations of the others that share the evaluation runtime's caller.
 *
 * <p>It runs after authentication and the role check, so a call refused 401 or 403 uses no permit.
 * The caller's identity is its configured id; without callers (open on loopback) it is the client
 * address, and a requester named by the open caller is not believed.
 */
@Priority(RateLimitFilter.PRIORITY)
public final class RateLimitFilter implements ContainerRequestFilter, ReaderInterceptor {
  /** After authorization (2000): only callers that may make the call are charged. */
  public static final int PRIORITY = Priorities.AUTHORIZATION + 100;

  private final CallerLimiters limiters;

  // Jersey injects per-request proxies into registered instances; a constructor cannot take them.
  @Context private HttpServletRequest servletRequest;
  @Context private ResourceInfo resource;
  @Context private SecurityContext security;

  public RateLimitFilter(CallerLimiters limiters) {
    this.limiters = Objects.requireNonNull(limiters, "limiters");
  }

  @Override
  public void filter(ContainerRequestContext request) {
    RateLimited limited = limitOf();
    if (limited == null || limited.value() == Budget.SUBMISSIONS) {
      return;
    }
    String identity = callerIdentity(request.getSecurityContext().getUserPrincipal());
    OptionalLong retryAfter = limiters.tryAcquire(limited.value(), identity);
    if (retryAfter.isPresent()) {
      request.abortWith(tooManyRequests(limited.value(), identity, retryAfter.getAsLong()));
    }
  }

  @Override
  public Object aroundReadFrom(ReaderInterceptorContext context) throws IOException {
    Object entity = context.proceed();
    RateLimited limited = limitOf();
    if (limited != null
        && limited.value() == Budget.SUBMISSIONS
        && entity instanceof SubmitOverrideRequest submission) {
      chargeSubmission(submission);
    }
    return entity;
  }

  private void chargeSubmission(SubmitOverrideRequest submission) {
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
    OptionalLong retryAfter = limiters.tryAcquire(budget, identity);
    if (retryAfter.isPresent()) {
      throw new RateLimitedException(
          budget, tooManyRequests(budget, identity, retryAfter.getAsLong()));
    }
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
