package io.causality.hitl.protocol;

import java.util.Objects;

/**
 * The {@code hitl} section of the deployment policy, which the coordinator requires.
 *
 * @param maxTokenTtlMs the longest lifetime an override token may get
 * @param adaptiveEscalation adaptive gating of submissions; {@link
 *     AdaptiveEscalationPolicy#DISABLED} when the file has none
 */
public record HitlPolicy(long maxTokenTtlMs, AdaptiveEscalationPolicy adaptiveEscalation) {

  public HitlPolicy {
    if (maxTokenTtlMs <= 0) {
      throw new IllegalArgumentException("maxTokenTtlMs must be positive");
    }
    Objects.requireNonNull(adaptiveEscalation, "adaptiveEscalation");
  }
}
