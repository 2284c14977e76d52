package io.causality.hitl.coordinator.config;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.dropwizard.util.Duration;
import io.dropwizard.validation.MaxDuration;
import io.dropwizard.validation.MinDuration;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;
import java.util.concurrent.TimeUnit;

/**
 * {@code audit}: how often the coordinator signs a checkpoint of its audit chain's head
 * (docs/coordinator-protocol.md, "Checkpoints"): at every {@code checkpointEveryEvents}-th event,
 * and every {@code checkpointInterval} when events were written since the last checkpoint. What
 * lies after the last checkpoint is covered by no signature yet: these bound that window.
 */
public class AuditConfig {
  @Min(1)
  @Max(1_000_000)
  private int checkpointEveryEvents = 100;

  @NotNull
  @MinDuration(value = 1, unit = TimeUnit.SECONDS)
  @MaxDuration(value = 1, unit = TimeUnit.DAYS)
  private Duration checkpointInterval = Duration.minutes(1);

  @JsonProperty
  public int getCheckpointEveryEvents() {
    return checkpointEveryEvents;
  }

  @JsonProperty
  public void setCheckpointEveryEvents(int checkpointEveryEvents) {
    this.checkpointEveryEvents = checkpointEveryEvents;
  }

  @JsonProperty
  public Duration getCheckpointInterval() {
    return checkpointInterval;
  }

  @JsonProperty
  public void setCheckpointInterval(Duration checkpointInterval) {
    this.checkpointInterval = checkpointInterval;
  }

  /** The interval as a Java duration. */
  public java.time.Duration interval() {
    return java.time.Duration.ofMillis(checkpointInterval.toMilliseconds());
  }
}
