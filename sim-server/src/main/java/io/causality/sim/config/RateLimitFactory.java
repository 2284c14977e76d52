package io.causality.sim.config;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.causality.sim.core.organization.OrganizationService;
import io.causality.sim.ratelimit.RateLimitFilter;
import io.causality.sim.ratelimit.RateLimiter;
import io.causality.sim.ratelimit.TierResolver;
import io.dropwizard.util.Duration;
import io.dropwizard.validation.MaxDuration;
import io.dropwizard.validation.MinDuration;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;
import java.time.Clock;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Rate limits (docs/rate-limits.md): per identity and route class over a sliding window, sized by
 * the license tier. {@code window} is the spec's 60 seconds; tests shorten it.
 */
public class RateLimitFactory {
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

  /** The filter to register, or nothing when rate limits are switched off. */
  public Optional<RateLimitFilter> build(OrganizationService organizations, Clock clock) {
    if (!enabled) {
      return Optional.empty();
    }
    RateLimiter limiter = new RateLimiter(window.toJavaDuration(), maxCounters, clock);
    TierResolver tiers = new TierResolver(organizations, tierCacheTtl.toJavaDuration());
    return Optional.of(new RateLimitFilter(limiter, tiers, window.toJavaDuration()));
  }
}
