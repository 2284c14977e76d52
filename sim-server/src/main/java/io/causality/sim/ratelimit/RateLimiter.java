package io.causality.sim.ratelimit;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.causality.sim.auth.RequestIdentity;
import java.time.Clock;
import java.time.Duration;
import java.util.Objects;

/**
 * One sliding-window counter per identity and route class, in memory, per process: the budgets of a
 * single instance (embedded H2).
 *
 * <p>A counter left alone for a whole window (plus a slot) counts nothing any more, so it is
 * evicted then without losing anything; {@code maxCounters} bounds memory under a flood of
 * identities (sprayed client addresses), at the price of a fresh budget for whoever is evicted
 * early.
 */
public final class RateLimiter implements Budgets {
  private final Cache<Key, SlidingWindowCounter> counters;
  private final long slotMillis;
  private final Clock clock;

  private record Key(RequestIdentity identity, RouteClass routeClass) {}

  public RateLimiter(Duration window, long maxCounters, Clock clock) {
    this.slotMillis = Math.max(1, -Math.floorDiv(-window.toMillis(), SlidingWindowCounter.SLOTS));
    this.clock = Objects.requireNonNull(clock);
    this.counters =
        Caffeine.newBuilder()
            .expireAfterAccess(Duration.ofMillis(slotMillis * (SlidingWindowCounter.SLOTS + 1)))
            .maximumSize(maxCounters)
            .build();
  }

  @Override
  public RateLimitDecision tryAcquire(RequestIdentity identity, RouteClass routeClass, int limit) {
    long now = clock.millis();
    SlidingWindowCounter counter =
        counters.get(
            new Key(identity, routeClass), key -> new SlidingWindowCounter(slotMillis, now));
    return counter.tryAcquire(limit, now);
  }
}
