package io.causality.sim.config;

import com.fasterxml.jackson.annotation.JsonProperty;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;

/** How simulations are kept: snapshots for cheap resumes, engine instances kept in memory. */
public class SimulationsConfig {
  @Min(100)
  @Max(1_000_000)
  private int snapshotInterval = 1_000;

  @Min(1)
  @Max(100_000)
  private int maxLiveInstances = 1_000;

  /** A snapshot is stored each time a simulation passes a multiple of this many ticks. */
  @JsonProperty
  public int getSnapshotInterval() {
    return snapshotInterval;
  }

  @JsonProperty
  public void setSnapshotInterval(int snapshotInterval) {
    this.snapshotInterval = snapshotInterval;
  }

  /** Engine instances kept in memory; others are rebuilt from their snapshot when used. */
  @JsonProperty
  public int getMaxLiveInstances() {
    return maxLiveInstances;
  }

  @JsonProperty
  public void setMaxLiveInstances(int maxLiveInstances) {
    this.maxLiveInstances = maxLiveInstances;
  }
}
