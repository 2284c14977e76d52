package io.causality.sim.config;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.dropwizard.util.DataSize;
import io.dropwizard.util.DataSizeUnit;
import io.dropwizard.util.Duration;
import io.dropwizard.validation.MaxDataSize;
import io.dropwizard.validation.MaxDuration;
import io.dropwizard.validation.MinDataSize;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;
import java.util.concurrent.TimeUnit;

/** How simulations are kept: snapshots for cheap resumes, engine instances kept in memory. */
public class SimulationsConfig {
  /** The largest simulation a tier allows: the live agents are never fewer. */
  static final int MIN_LIVE_AGENTS = 100_000;

  /** The derived live agents' ceiling: a larger heap sets more explicitly. */
  static final int MAX_DERIVED_LIVE_AGENTS = 2_000_000;

  /** What an engine instance kept by the service holds for each of its agents (docs/engine.md). */
  static final int BYTES_PER_LIVE_AGENT = 420;

  @Min(100)
  @Max(1_000_000)
  private int snapshotInterval = 1_000;

  @Min(1)
  @Max(100_000)
  private int maxLiveInstances = 1_000;

  /** Unset: {@link #liveAgents} derives it from the heap. */
  @Min(MIN_LIVE_AGENTS)
  @Max(100_000_000)
  private Integer maxLiveAgents;

  @NotNull
  @MaxDataSize(value = 1, unit = DataSizeUnit.GIBIBYTES)
  private DataSize runTraceBuffer = DataSize.mebibytes(16);

  /** Unset: {@link #workingMemory} derives it from the heap. */
  @MinDataSize(value = 1, unit = DataSizeUnit.MEBIBYTES)
  private DataSize workingMemory;

  @NotNull
  @MaxDuration(value = 5, unit = TimeUnit.MINUTES)
  private Duration workingMemoryWait = Duration.seconds(10);

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
   * maxLiveAgents / maxLiveInstances}: about 420 bytes an agent (docs/engine.md, "Memory"). At
   * least 100,000, so that the largest simulation a tier allows fits. Null when not set: see {@link
   * #liveAgents}.
   */
  @JsonProperty
  public Integer getMaxLiveAgents() {
    return maxLiveAgents;
  }

  @JsonProperty
  public void setMaxLiveAgents(Integer maxLiveAgents) {
    this.maxLiveAgents = maxLiveAgents;
  }

  /**
   * The live agents in force on a heap of at most {@code maxHeapBytes}: {@code maxLiveAgents} when
   * set, else as many as a quarter of the heap holds, between 100,000 and 2,000,000. A fixed
   * default would not fit every heap: 2,000,000 agents are about 840 MB, more than the packaged
   * heap of 512 MB, and a cache that outgrows its heap ends the process.
   */
  public int liveAgents(long maxHeapBytes) {
    if (maxLiveAgents != null) {
      return maxLiveAgents;
    }
    long fit = maxHeapBytes / 4 / BYTES_PER_LIVE_AGENT;
    return (int) Math.max(MIN_LIVE_AGENTS, Math.min(MAX_DERIVED_LIVE_AGENTS, fit));
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

  /**
   * The heap that large work may take at once: large request bodies being read, simulations being
   * rebuilt from what is stored (docs/operations.md, "Memory"). Null when not set: see {@link
   * #workingMemory(long)}.
   */
  @JsonProperty
  public DataSize getWorkingMemory() {
    return workingMemory;
  }

  @JsonProperty
  public void setWorkingMemory(DataSize workingMemory) {
    this.workingMemory = workingMemory;
  }

  /**
   * The working memory in force on a heap of at most {@code maxHeapBytes}: {@code workingMemory}
   * when set, else half the heap. The other half holds the engine instances kept (a quarter, {@link
   * #liveAgents}) and everything else.
   */
  public long workingMemory(long maxHeapBytes) {
    return workingMemory != null ? workingMemory.toBytes() : maxHeapBytes / 2;
  }

  /** How long large work waits for working memory before it is refused 503. */
  @JsonProperty
  public Duration getWorkingMemoryWait() {
    return workingMemoryWait;
  }

  @JsonProperty
  public void setWorkingMemoryWait(Duration workingMemoryWait) {
    this.workingMemoryWait = workingMemoryWait;
  }
}
