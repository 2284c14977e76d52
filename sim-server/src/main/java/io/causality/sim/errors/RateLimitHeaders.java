package io.causality.sim.errors;

/**
 * The rate-limit headers (docs/rate-limits.md): set on every limited answer by the rate-limit
 * filter, and on the 429 of a refused event stream.
 */
public final class RateLimitHeaders {
  public static final String LIMIT = "X-RateLimit-Limit";
  public static final String REMAINING = "X-RateLimit-Remaining";
  public static final String RESET = "X-RateLimit-Reset";

  private RateLimitHeaders() {}
}
