package io.causality.hitl.coordinator.ratelimit;

/**
 * A caller's budget as one call left it: whether the call was admitted, and what the rate-limit
 * headers tell the caller.
 *
 * @param admitted whether the call took a permit
 * @param limit the budget's permits per period ({@code X-RateLimit-Limit})
 * @param remaining the permits left in the current period ({@code X-RateLimit-Remaining})
 * @param nanosToRefill how long until the budget refills: the current period's end
 * @param retryAfterSeconds for a refused call, the seconds until a permit is free, rounded up and
 *     at least 1 ({@code Retry-After}); 0 for an admitted one
 */
public record BudgetState(
    boolean admitted, int limit, int remaining, long nanosToRefill, long retryAfterSeconds) {}
