package io.causality.sim.ratelimit;

import io.causality.sim.auth.RequestIdentity;

/**
 * Where requests are counted against their identity's budget for a route class: in this process
 * ({@link RateLimiter}, a sliding window) or across the instances that share a PostgreSQL database
 * ({@link SharedBudgets}, a token bucket there); docs/rate-limits.md.
 */
public interface Budgets {
  /** Counts the request against the identity's budget for the class, when there is room. */
  RateLimitDecision tryAcquire(RequestIdentity identity, RouteClass routeClass, int limit);
}
