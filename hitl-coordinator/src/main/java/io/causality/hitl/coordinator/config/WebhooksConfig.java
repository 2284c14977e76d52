package io.causality.hitl.coordinator.config;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.dropwizard.util.Duration;
import io.dropwizard.validation.MaxDuration;
import io.dropwizard.validation.MinDuration;
import io.dropwizard.validation.ValidationMethod;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Webhooks that receive every audit event (docs/coordinator.md, "Webhooks"): the hosts that may be
 * called, the retry bounds, and the endpoints. Without endpoints nothing is delivered and no thread
 * runs.
 */
public class WebhooksConfig {
  @NotNull private List<@NotBlank String> allowedHosts = new ArrayList<>();

  @Min(1)
  @Max(100)
  private int maxAttempts = 20;

  @NotNull
  @MinDuration(value = 1, unit = TimeUnit.MILLISECONDS)
  @MaxDuration(value = 1, unit = TimeUnit.HOURS)
  private Duration initialBackoff = Duration.seconds(1);

  @NotNull
  @MinDuration(value = 1, unit = TimeUnit.MILLISECONDS)
  @MaxDuration(value = 1, unit = TimeUnit.DAYS)
  private Duration maxBackoff = Duration.minutes(30);

  @NotNull
  @MinDuration(value = 10, unit = TimeUnit.MILLISECONDS)
  @MaxDuration(value = 1, unit = TimeUnit.MINUTES)
  private Duration pollInterval = Duration.milliseconds(250);

  @NotNull
  @MinDuration(value = 100, unit = TimeUnit.MILLISECONDS)
  @MaxDuration(value = 1, unit = TimeUnit.MINUTES)
  private Duration timeout = Duration.seconds(5);

  /** An event waiting longer than this for delivery makes the webhook-backlog check fail. */
  @NotNull
  @MinDuration(value = 1, unit = TimeUnit.SECONDS)
  private Duration maxPendingAge = Duration.minutes(15);

  @Valid @NotNull private List<@NotNull @Valid WebhookEndpointConfig> endpoints = new ArrayList<>();

  @JsonProperty
  public List<String> getAllowedHosts() {
    return allowedHosts;
  }

  @JsonProperty
  public void setAllowedHosts(List<String> allowedHosts) {
    this.allowedHosts = allowedHosts;
  }

  @JsonProperty
  public int getMaxAttempts() {
    return maxAttempts;
  }

  @JsonProperty
  public void setMaxAttempts(int maxAttempts) {
    this.maxAttempts = maxAttempts;
  }

  @JsonProperty
  public Duration getInitialBackoff() {
    return initialBackoff;
  }

  @JsonProperty
  public void setInitialBackoff(Duration initialBackoff) {
    this.initialBackoff = initialBackoff;
  }

  @JsonProperty
  public Duration getMaxBackoff() {
    return maxBackoff;
  }

  @JsonProperty
  public void setMaxBackoff(Duration maxBackoff) {
    this.maxBackoff = maxBackoff;
  }

  @JsonProperty
  public Duration getPollInterval() {
    return pollInterval;
  }

  @JsonProperty
  public void setPollInterval(Duration pollInterval) {
    this.pollInterval = pollInterval;
  }

  @JsonProperty
  public Duration getTimeout() {
    return timeout;
  }

  @JsonProperty
  public void setTimeout(Duration timeout) {
    this.timeout = timeout;
  }

  @JsonProperty
  public List<WebhookEndpointConfig> getEndpoints() {
    return endpoints;
  }

  @JsonProperty
  public void setEndpoints(List<WebhookEndpointConfig> endpoints) {
    this.endpoints = endpoints;
  }

  @JsonProperty
  public Duration getMaxPendingAge() {
    return maxPendingAge;
  }

  @JsonProperty
  public void setMaxPendingAge(Duration maxPendingAge) {
    this.maxPendingAge = maxPendingAge;
  }

  /** Backoff grows from {@code initialBackoff} up to {@code maxBackoff}, never the other way. */
  @JsonIgnore
  @ValidationMethod(message = "initialBackoff must not exceed maxBackoff")
  public boolean isBackoffOrdered() {
    return initialBackoff == null
        || maxBackoff == null
        || initialBackoff.toNanoseconds() <= maxBackoff.toNanoseconds();
  }
}
