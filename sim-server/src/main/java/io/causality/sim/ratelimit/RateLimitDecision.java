package io.causality.sim.ratelimit;

/**
 * The outcome of one request against its budget, as the response headers tell it.
 *
 * @param limit requests allowed in the window ({@code X-RateLimit-Limit})
 * @param remaining requests still allowed now ({@code X-RateLimit-Remaining})
 * @param resetEpochSecond when the oldest counted request leaves the window and the budget grows
 *     again, in Unix seconds ({@code X-RateLimit-Reset})
 * @param retryAfterSeconds seconds from now until then, at least 1 ({@code Retry-After})
 */
public record RateLimitDecision(
    boolean allowed, int limit, int remaining, long resetEpochSecond, long retryAfterSeconds) {

  static RateLimitDecision of(
      boolean allowed, int limit, int used, long resetMillis, long nowMillis) {
    return new RateLimitDecision(
        allowed,
        limit,
        Math.max(0, limit - used),
        ceilDiv(resetMillis, 1_000),
        Math.max(1, ceilDiv(resetMillis - nowMillis, 1_000)));
  }

  // Rounded up, so that a client waiting until the announced second finds the budget grown.
  private static long ceilDiv(long value, long divisor) {
    return -Math.floorDiv(-value, divisor);
  }
}
