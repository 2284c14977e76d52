package io.causality.common.openapi;

import java.util.Objects;
import java.util.function.Predicate;

/**
 * How a service describes its rate-limit headers in its document: each service words its own
 * budgets (sim-server's sliding windows per route class and tier, the coordinator's budgets per
 * caller and period), and says which answers of a rate-limited operation carry them (those its
 * limiter has seen: a refusal that comes before it, such as a 401, carries none).
 *
 * @param limit the description of {@code X-RateLimit-Limit}
 * @param remaining the description of {@code X-RateLimit-Remaining}
 * @param reset the description of {@code X-RateLimit-Reset}
 * @param retryAfter the description of {@code Retry-After} on the 429
 * @param statuses whether an answer of this status ({@code "200"}, {@code "409"}) carries them
 */
public record RateLimitDocs(
    String limit, String remaining, String reset, String retryAfter, Predicate<String> statuses) {

  public RateLimitDocs {
    Objects.requireNonNull(limit, "limit");
    Objects.requireNonNull(remaining, "remaining");
    Objects.requireNonNull(reset, "reset");
    Objects.requireNonNull(retryAfter, "retryAfter");
    Objects.requireNonNull(statuses, "statuses");
  }
}
