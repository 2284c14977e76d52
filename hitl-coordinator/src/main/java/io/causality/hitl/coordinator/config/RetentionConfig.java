package io.causality.hitl.coordinator.config;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.dropwizard.util.Duration;
import io.dropwizard.validation.MinDuration;
import jakarta.validation.constraints.NotNull;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * {@code retention}: how long decided requests are kept (docs/coordinator.md, "Retention"). Without
 * {@code decidedRequests} every request is kept for good, as before the setting existed.
 */
public class RetentionConfig {
  @MinDuration(value = 1, unit = TimeUnit.DAYS)
  private Duration decidedRequests;

  @NotNull
  @MinDuration(value = 1, unit = TimeUnit.MINUTES)
  private Duration sweepInterval = Duration.hours(1);

  /** How long after its last use a decided request is kept; empty: for good. */
  @JsonProperty
  public Duration getDecidedRequests() {
    return decidedRequests;
  }

  @JsonProperty
  public void setDecidedRequests(Duration decidedRequests) {
    this.decidedRequests = decidedRequests;
  }

  /** How often the requests past their retention are purged. */
  @JsonProperty
  public Duration getSweepInterval() {
    return sweepInterval;
  }

  @JsonProperty
  public void setSweepInterval(Duration sweepInterval) {
    this.sweepInterval = sweepInterval;
  }

  /** The retention as a Java duration, when one is configured. */
  public Optional<java.time.Duration> keep() {
    return Optional.ofNullable(decidedRequests)
        .map(d -> java.time.Duration.ofMillis(d.toMilliseconds()));
  }
}
