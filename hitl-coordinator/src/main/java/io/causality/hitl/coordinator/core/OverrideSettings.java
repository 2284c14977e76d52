package io.causality.hitl.coordinator.core;

/**
 * The coordinator's configured lifetimes.
 *
 * @param pendingRequestTtlMs how long a request stays PENDING before it expires
 * @param defaultTokenTtlMs token lifetime when approval gives none (capped by the policy)
 */
public record OverrideSettings(long pendingRequestTtlMs, long defaultTokenTtlMs) {

  public OverrideSettings {
    if (pendingRequestTtlMs <= 0 || defaultTokenTtlMs <= 0) {
      throw new IllegalArgumentException("lifetimes must be positive");
    }
  }
}
