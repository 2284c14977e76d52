package io.causality.sim.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.time.Instant;
import java.util.UUID;

/** An organization's license and the limits of its tier. */
public record LicenseResponse(
    UUID id,
    String tier,
    String status,
    Limits limits,
    @JsonInclude(JsonInclude.Include.ALWAYS) Instant currentPeriodStart,
    @JsonInclude(JsonInclude.Include.ALWAYS) Instant currentPeriodEnd,
    boolean hasStripeSubscription) {

  /** The tier's limits. */
  public record Limits(int maxSimulationRuns, int maxTicksPerRun, int maxConcurrentSSE) {}
}
