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
 * Background play (docs/simulations.md): a simulation playing at speed s advances {@code
 * baseTicksPerSecond} x s ticks per second, in batches of one database commit each.
 */
public class PlaybackConfig {
  @Min(1)
  @Max(10_000)
  private int baseTicksPerSecond = 10;

  @NotNull
  @MinDuration(value = 5, unit = TimeUnit.MILLISECONDS)
  @MaxDuration(value = 10, unit = TimeUnit.SECONDS)
  private Duration batchInterval = Duration.milliseconds(25);

  @Min(1)
  @Max(64)
  private int threads = 2;

  @NotNull
  @MinDuration(value = 100, unit = TimeUnit.MILLISECONDS)
  @MaxDuration(value = 10, unit = TimeUnit.MINUTES)
  private Duration orphanSweepInterval = Duration.seconds(10);

  /** Ticks per second at speed 1. */
  @JsonProperty
  public int getBaseTicksPerSecond() {
    return baseTicksPerSecond;
  }

  @JsonProperty
  public void setBaseTicksPerSecond(int baseTicksPerSecond) {
    this.baseTicksPerSecond = baseTicksPerSecond;
  }

  /** How often a player advances its simulation by the ticks that fell due: one commit. */
  @JsonProperty
  public Duration getBatchInterval() {
    return batchInterval;
  }

  @JsonProperty
  public void setBatchInterval(Duration batchInterval) {
    this.batchInterval = batchInterval;
  }

  /** Threads that run the players of every playing simulation. */
  @JsonProperty
  public int getThreads() {
    return threads;
  }

  @JsonProperty
  public void setThreads(int threads) {
    this.threads = threads;
  }

  /**
   * On PostgreSQL: how often each instance pauses the simulations whose player died
   * (docs/operations.md): how long a dead instance's simulations stay "running" at most, once the
   * database has noticed the death. Each sweep reads every running simulation and asks the database
   * whether their players live: seconds, not milliseconds, in production.
   */
  @JsonProperty
  public Duration getOrphanSweepInterval() {
    return orphanSweepInterval;
  }

  @JsonProperty
  public void setOrphanSweepInterval(Duration orphanSweepInterval) {
    this.orphanSweepInterval = orphanSweepInterval;
  }
}
