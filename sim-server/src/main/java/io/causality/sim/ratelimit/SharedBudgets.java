package io.causality.sim.ratelimit;

import io.causality.sim.auth.RequestIdentity;
import io.github.bucket4j.BucketConfiguration;
import io.github.bucket4j.ConsumptionProbe;
import io.github.bucket4j.TimeMeter;
import io.github.bucket4j.distributed.ExpirationAfterWriteStrategy;
import io.github.bucket4j.distributed.jdbc.PrimaryKeyMapper;
import io.github.bucket4j.postgresql.Bucket4jPostgreSQL;
import io.github.bucket4j.postgresql.PostgreSQLSelectForUpdateBasedProxyManager;
import java.time.Clock;
import java.time.Duration;
import javax.sql.DataSource;

/**
 * Budgets shared by every instance on one PostgreSQL database, kept by Bucket4j's PostgreSQL
 * integration in the table {@code rate_limit_buckets} (changeset 030): each request takes a token
 * in one short transaction that locks its bucket's row ({@code SELECT ... FOR UPDATE}), so that an
 * identity's limit holds over all instances at once.
 *
 * <p>The budget is a token bucket, not the in-memory sliding window: {@code limit} tokens, refilled
 * continuously at {@code limit} per window (docs/rate-limits.md, "Across instances"). A bucket's
 * key holds the limit, so that a tier change starts a fresh bucket; buckets untouched until full
 * again expire and are removed by {@link #removeExpired}.
 */
public final class SharedBudgets implements Budgets {
  /** The table of changeset 030. */
  static final String TABLE = "rate_limit_buckets";

  private final PostgreSQLSelectForUpdateBasedProxyManager<String> buckets;
  private final Duration window;
  private final Clock clock;

  public SharedBudgets(DataSource dataSource, Duration window, Clock clock) {
    this.window = window;
    this.clock = clock;
    this.buckets =
        Bucket4jPostgreSQL.selectForUpdateBasedBuilder(new AutoCommitRestoring(dataSource))
            .primaryKeyMapper(PrimaryKeyMapper.STRING)
            .table(TABLE)
            .idColumn("id")
            .stateColumn("state")
            .expiresAtColumn("expires_at")
            .clientClock(timeOf(clock))
            .expirationAfterWrite(
                ExpirationAfterWriteStrategy.basedOnTimeForRefillingBucketUpToMax(window))
            .build();
  }

  @Override
  public RateLimitDecision tryAcquire(RequestIdentity identity, RouteClass routeClass, int limit) {
    BucketConfiguration configuration =
        BucketConfiguration.builder()
            .addLimit(bandwidth -> bandwidth.capacity(limit).refillGreedy(limit, window))
            .build();
    ConsumptionProbe probe =
        buckets
            .builder()
            .build(key(identity, routeClass, limit), () -> configuration)
            .tryConsumeAndReturnRemaining(1);
    return decision(probe, limit);
  }

  /** Removes up to {@code batch} buckets full again for a while; returns how many it removed. */
  public int removeExpired(int batch) {
    return buckets.removeExpired(batch);
  }

  /**
   * The headers' view: {@code Reset} is when the next token comes back ({@code Remaining} grows
   * again), now when the bucket is full; a refused request may retry when one token is back.
   */
  private RateLimitDecision decision(ConsumptionProbe probe, int limit) {
    long nowMillis = clock.millis();
    long remaining = probe.getRemainingTokens();
    long untilNextNanos =
        probe.isConsumed() ? untilNextToken(probe, limit) : probe.getNanosToWaitForRefill();
    long resetMillis = nowMillis + Duration.ofNanos(untilNextNanos).toMillis();
    return new RateLimitDecision(
        probe.isConsumed(),
        limit,
        (int) remaining,
        ceilDiv(resetMillis, 1_000),
        Math.max(1, ceilDiv(resetMillis - nowMillis, 1_000)));
  }

  /** Tokens come back one every window / limit: the next one is the last of those missing. */
  private long untilNextToken(ConsumptionProbe probe, int limit) {
    long missing = limit - probe.getRemainingTokens();
    if (missing <= 0) {
      return 0;
    }
    long perToken = window.toNanos() / limit;
    return Math.max(0, probe.getNanosToWaitForReset() - (missing - 1) * perToken);
  }

  /** The bucket of an identity's route class at a limit; under 255 characters. */
  static String key(RequestIdentity identity, RouteClass routeClass, int limit) {
    return routeClass.wireName() + ":" + limit + ":" + identity.value();
  }

  private static long ceilDiv(long value, long divisor) {
    return -Math.floorDiv(-value, divisor);
  }

  /** The service's clock, so that tests control time here as everywhere. */
  private static TimeMeter timeOf(Clock clock) {
    return new TimeMeter() {
      @Override
      public long currentTimeNanos() {
        return clock.millis() * 1_000_000L;
      }

      @Override
      public boolean isWallClockBased() {
        return true;
      }
    };
  }
}
