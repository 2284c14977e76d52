package io.causality.sim.config;

import com.fasterxml.jackson.annotation.JsonProperty;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;

/**
 * How the engine computes ticks (docs/engine.md, "Threads"): a simulation's ticks are cut into
 * parts computed on up to {@code threads} threads, shared by every simulation of the process. The
 * output is the same bytes for any number.
 */
public class EngineConfig {
  @Min(1)
  @Max(256)
  private int threads = Runtime.getRuntime().availableProcessors();

  /** Threads a tick may use (the core count by default); 1 computes every tick on its caller. */
  @JsonProperty
  public int getThreads() {
    return threads;
  }

  @JsonProperty
  public void setThreads(int threads) {
    this.threads = threads;
  }
}
