package io.causality.sim.config;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.dropwizard.util.Duration;
import io.dropwizard.validation.MaxDuration;
import io.dropwizard.validation.MinDuration;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;
import java.util.concurrent.TimeUnit;

/**
 * The experiments' workers on this instance (docs/experiments.md, "Configuration"): how many, how
 * often they look for queued runs, the lease on the runs they hold, and how long a run waits for
 * interactive requests.
 */
public class ExperimentsConfig {
  /** Unset: the cores less one, at least one; so one core stays for interactive requests. */
  @Min(0)
  @Max(256)
  private Integer workers;

  @NotNull
  @MinDuration(value = 10, unit = TimeUnit.MILLISECONDS)
  @MaxDuration(value = 1, unit = TimeUnit.MINUTES)
  private Duration pollInterval = Duration.seconds(1);

  @NotNull
  @MinDuration(value = 100, unit = TimeUnit.MILLISECONDS)
  @MaxDuration(value = 10, unit = TimeUnit.MINUTES)
  private Duration heartbeatInterval = Duration.seconds(10);

  @Min(4)
  @Max(100)
  private int missedHeartbeats = 6;

  @NotNull
  @MaxDuration(value = 1, unit = TimeUnit.SECONDS)
  private Duration interactivePause = Duration.milliseconds(20);

  /** Threads that run experiment work here; 0: this instance runs none (it still queues them). */
  @JsonProperty
  public Integer getWorkers() {
    return workers;
  }

  @JsonProperty
  public void setWorkers(Integer workers) {
    this.workers = workers;
  }

  /** {@link #getWorkers}, or its default: the available processors less one, at least one. */
  public int buildWorkerCount() {
    return workers != null ? workers : Math.max(1, Runtime.getRuntime().availableProcessors() - 1);
  }

  /** How often this instance's workers look for queued work when they have room. */
  @JsonProperty
  public Duration getPollInterval() {
    return pollInterval;
  }

  @JsonProperty
  public void setPollInterval(Duration pollInterval) {
    this.pollInterval = pollInterval;
  }

  /** How often a worker renews its lease on the work it holds. */
  @JsonProperty
  public Duration getHeartbeatInterval() {
    return heartbeatInterval;
  }

  @JsonProperty
  public void setHeartbeatInterval(Duration heartbeatInterval) {
    this.heartbeatInterval = heartbeatInterval;
  }

  /**
   * Heartbeats missed before work is taken as its worker's dead and given to another (at least 4,
   * db-scheduler's floor): a killed instance's runs start again elsewhere after about this many
   * heartbeat intervals.
   */
  @JsonProperty
  public int getMissedHeartbeats() {
    return missedHeartbeats;
  }

  @JsonProperty
  public void setMissedHeartbeats(int missedHeartbeats) {
    this.missedHeartbeats = missedHeartbeats;
  }

  /**
   * Longest a run waits, between two slices of its ticks, while interactive requests are being
   * served on this instance; 0 turns the wait off.
   */
  @JsonProperty
  public Duration getInteractivePause() {
    return interactivePause;
  }

  @JsonProperty
  public void setInteractivePause(Duration interactivePause) {
    this.interactivePause = interactivePause;
  }
}
