package io.causality.hitl.coordinator.ratelimit;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.causality.hitl.coordinator.config.RateLimitsConfig;
import io.github.resilience4j.ratelimiter.RateLimiterConfig;
import io.github.resilience4j.ratelimiter.internal.AtomicRateLimiter;
import java.time.Duration;
import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * One resilience4j {@link AtomicRateLimiter} per identity and {@link Budget}: {@code
 * limitForPeriod} permits that refresh every {@code period}, counted from the limiter's creation,
 * never waiting for a permit (a refused call is answered at once and uses none).
 *
 * <p>Limiters live in a Caffeine cache per budget and are dropped after a period (plus one) without
 * use: by then a limiter has refreshed anyway, so dropping it forgets nothing. {@link
 * #MAX_LIMITERS} bounds memory when many identities appear at once.
 */
public final class CallerLimiters {
  /** Identities kept per budget at most; an identity evicted early gets a fresh budget. */
  public static final long MAX_LIMITERS = 100_000;

  private static final long NANOS_PER_SECOND = 1_000_000_000L;

  private final Map<Budget, Cache<String, Limiter>> limiters = new EnumMap<>(Budget.class);
  private final Map<Budget, RateLimiterConfig> configs = new EnumMap<>(Budget.class);
  private final Supplier<Long> nanoTime;
  private final Duration period;
  private final String periodText;

  /**
   * @param nanoTime the limiters' time source: {@code System::nanoTime} when serving; tests pass
   *     one they move
   */
  public CallerLimiters(RateLimitsConfig config, Supplier<Long> nanoTime) {
    this.nanoTime = Objects.requireNonNull(nanoTime, "nanoTime");
    this.period = config.getPeriod().toJavaDuration();
    this.periodText = config.getPeriod().toString();
    configs.put(Budget.SUBMISSIONS, limiterConfig(config.getSubmissionsPerPeriod()));
    configs.put(Budget.REDEMPTIONS, limiterConfig(config.getRedemptionsPerPeriod()));
    configs.put(
        Budget.ORGANIZATION_SUBMISSIONS,
        limiterConfig(config.getSubmissionsPerOrganizationPerPeriod()));
    for (Budget budget : Budget.values()) {
      limiters.put(budget, newCache());
    }
  }

  /** A limiter and the time it was made: its periods are counted from then. */
  private record Limiter(AtomicRateLimiter limiter, long startNanos) {}

  /**
   * Takes one permit of {@code identity}'s {@code budget}, and tells how the budget stands: a
   * refused call carries the seconds until a permit is free, rounded up and at least 1 ({@code
   * Retry-After}).
   */
  public BudgetState tryAcquire(Budget budget, String identity) {
    Limiter entry =
        limiters.get(budget).get(identity, name -> newLimiter(name, configs.get(budget)));
    AtomicRateLimiter limiter = entry.limiter();
    boolean admitted = limiter.acquirePermission(1);
    long retryAfter =
        admitted
            ? 0
            : Math.max(1, ceilDiv(limiter.getDetailedMetrics().getNanosToWait(), NANOS_PER_SECOND));
    int remaining = Math.max(0, limiter.getMetrics().getAvailablePermissions());
    long periodNanos = period.toNanos();
    long intoPeriod = Math.floorMod(nanoTime.get() - entry.startNanos(), periodNanos);
    return new BudgetState(
        admitted, limitOf(budget), remaining, periodNanos - intoPeriod, retryAfter);
  }

  /** The permits of {@code budget} per period. */
  public int limitOf(Budget budget) {
    return configs.get(budget).getLimitForPeriod();
  }

  /** The period as configured ({@code 1 minute}), for messages. */
  public String periodText() {
    return periodText;
  }

  private RateLimiterConfig limiterConfig(int permitsPerPeriod) {
    return RateLimiterConfig.custom()
        .limitForPeriod(permitsPerPeriod)
        .limitRefreshPeriod(period)
        .timeoutDuration(Duration.ZERO)
        .build();
  }

  /** The limiter counts its periods from its creation, which is taken on the same clock. */
  private Limiter newLimiter(String name, RateLimiterConfig config) {
    long start = nanoTime.get();
    return new Limiter(new AtomicRateLimiter(name, config, nanoTime), start);
  }

  private Cache<String, Limiter> newCache() {
    return Caffeine.newBuilder()
        .ticker(nanoTime::get)
        .expireAfterAccess(period.multipliedBy(2))
        .maximumSize(MAX_LIMITERS)
        .build();
  }

  private static long ceilDiv(long dividend, long divisor) {
    return -Math.floorDiv(-dividend, divisor);
  }
}
