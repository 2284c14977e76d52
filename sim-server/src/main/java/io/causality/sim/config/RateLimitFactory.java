package io.causality.sim.config;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.causality.sim.core.organization.OrganizationService;
import io.causality.sim.ratelimit.Budgets;
import io.causality.sim.ratelimit.RateLimitFilter;
import io.causality.sim.ratelimit.RateLimiter;
import io.causality.sim.ratelimit.SharedBudgets;
import io.causality.sim.ratelimit.TierResolver;
import io.dropwizard.lifecycle.setup.LifecycleEnvironment;
import io.dropwizard.util.Duration;
import io.dropwizard.validation.MaxDuration;
import io.dropwizard.validation.MinDuration;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;
import java.time.Clock;
import java.util.Optional;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import javax.sql.DataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Rate limits (docs/rate-limits.md): per identity and route class over a sliding window, sized by
 * the license tier. {@code window} is the spec's 60 seconds; tests shorten it.
 */
public class RateLimitFactory {
  private static final Logger LOG = LoggerFactory.getLogger(RateLimitFactory.class);
  private static final int EXPIRED_BATCH = 1_000;

  private boolean enabled = true;

  @NotNull
  @MinDuration(value = 1, unit = TimeUnit.SECONDS)
  @MaxDuration(value = 1, unit = TimeUnit.HOURS)
  private Duration window = Duration.seconds(60);

  @Min(1)
  private long maxCounters = 100_000;

  @NotNull
  @MinDuration(value = 0, unit = TimeUnit.SECONDS)
  private Duration tierCacheTtl = Duration.seconds(30);

  @JsonProperty
  public boolean isEnabled() {
    return enabled;
  }

  @JsonProperty
  public void setEnabled(boolean enabled) {
    this.enabled = enabled;
  }

  @JsonProperty
  public Duration getWindow() {
    return window;
  }

  @JsonProperty
  public void setWindow(Duration window) {
    this.window = window;
  }

  /** At most this many identity and route-class counters are kept (about 300 bytes each). */
  @JsonProperty
  public long getMaxCounters() {
    return maxCounters;
  }

  @JsonProperty
  public void setMaxCounters(long maxCounters) {
    this.maxCounters = maxCounters;
  }

  /** How long an organization's tier is remembered; a license change applies after it. */
  @JsonProperty
  public Duration getTierCacheTtl() {
    return tierCacheTtl;
  }

  @JsonProperty
  public void setTierCacheTtl(Duration tierCacheTtl) {
    this.tierCacheTtl = tierCacheTtl;
  }

  /** The filter to register, or nothing when rate limits are switched off; in this process. */
  public Optional<RateLimitFilter> build(OrganizationService organizations, Clock clock) {
    return build(organizations, clock, Optional.empty(), null);
  }

  /**
   * The same; on a {@code shared} (PostgreSQL) database the budgets are counted there for every
   * instance at once, and {@code lifecycle} removes the buckets that refilled (docs/rate-limits.md,
   * "Across instances").
   */
  public Optional<RateLimitFilter> build(
      OrganizationService organizations,
      Clock clock,
      Optional<DataSource> shared,
      LifecycleEnvironment lifecycle) {
    if (!enabled) {
      return Optional.empty();
    }
    Budgets budgets =
        shared
            .<Budgets>map(database -> sharedBudgets(database, clock, lifecycle))
            .orElseGet(() -> new RateLimiter(window.toJavaDuration(), maxCounters, clock));
    TierResolver tiers = new TierResolver(organizations, tierCacheTtl.toJavaDuration());
    return Optional.of(new RateLimitFilter(budgets, tiers, window.toJavaDuration()));
  }

  private SharedBudgets sharedBudgets(
      DataSource database, Clock clock, LifecycleEnvironment lifecycle) {
    SharedBudgets budgets = new SharedBudgets(database, window.toJavaDuration(), clock);
    ScheduledExecutorService cleaner =
        lifecycle.scheduledExecutorService("rate-limit-buckets-%d").threads(1).build();
    long every = window.toMilliseconds();
    cleaner.scheduleWithFixedDelay(
        () -> removeExpired(budgets), every, every, TimeUnit.MILLISECONDS);
    return budgets;
  }

  private static void removeExpired(SharedBudgets budgets) {
    try {
      budgets.removeExpired(EXPIRED_BATCH);
    } catch (RuntimeException e) {
      // the next round tries again; a bucket left over only holds a row
      LOG.warn("Removing refilled rate-limit buckets failed: {}", e.getMessage());
    }
  }
}
