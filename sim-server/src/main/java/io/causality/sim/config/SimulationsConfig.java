package io.causality.sim.config;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.dropwizard.util.DataSize;
import io.dropwizard.util.DataSizeUnit;
import io.dropwizard.validation.MaxDataSize;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;

/** How simulations are kept: snapshots for cheap resumes, engine instances kept in memory. */
public class SimulationsConfig {
  @Min(100)
  @Max(1_000_000)
  private int snapshotInterval = 1_000;

  @Min(1)
  @Max(100_000)
  private int maxLiveInstances = 1_000;

  @Min(100_000)
  @Max(100_000_000)
  private int maxLiveAgents = 2_000_000;

  @NotNull
  @MaxDataSize(value = 1, unit = DataSizeUnit.GIBIBYTES)
  private DataSize runTraceBuffer = DataSize.mebibytes(16);

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

  /**
   * The agents of all engine instances kept in memory, each instance counted as at least {@code
   * maxLiveAgents / maxLiveInstances}: about 260 bytes an agent (docs/engine.md, "Memory"). At
   * least 100,000, so that the largest simulation a tier allows fits.
   */
  @JsonProperty
  public int getMaxLiveAgents() {
    return maxLiveAgents;
  }

  @JsonProperty
  public void setMaxLiveAgents(int maxLiveAgents) {
    this.maxLiveAgents = maxLiveAgents;
  }

  /**
   * The largest create-and-run trace kept in memory while its ticks are computed, so that the
   * answer needs no second computation; a larger one is replayed after the commit (0: always).
   */
  @JsonProperty
  public DataSize getRunTraceBuffer() {
    return runTraceBuffer;
  }

  @JsonProperty
  public void setRunTraceBuffer(DataSize runTraceBuffer) {
    this.runTraceBuffer = runTraceBuffer;
  }
}
