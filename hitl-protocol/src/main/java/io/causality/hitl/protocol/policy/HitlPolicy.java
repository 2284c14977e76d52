package io.causality.hitl.protocol.policy;

import java.util.Objects;

/**
 * The {@code hitl} section of the deployment policy, which the coordinator requires.
 *
 * @param maxTokenTtlMs the longest lifetime an override token may get
 * @param adaptiveEscalation adaptive gating of submissions; {@link
 *     AdaptiveEscalationPolicy#DISABLED} when the file has none
 * @param requiredApprovals how many distinct operators must approve a request before its token is
 *     issued (the quorum); 1 when the file gives none
 */
public record HitlPolicy(
    long maxTokenTtlMs, AdaptiveEscalationPolicy adaptiveEscalation, int requiredApprovals) {

  /** The quorum of a policy that names none: one operator approves. */
  public static final int DEFAULT_REQUIRED_APPROVALS = 1;

  public HitlPolicy {
    if (maxTokenTtlMs <= 0) {
      throw new IllegalArgumentException("maxTokenTtlMs must be positive");
    }
    Objects.requireNonNull(adaptiveEscalation, "adaptiveEscalation");
    if (requiredApprovals < 1) {
      throw new IllegalArgumentException("requiredApprovals must be positive");
    }
  }

  /** A section with the default quorum of one approval. */
  public HitlPolicy(long maxTokenTtlMs, AdaptiveEscalationPolicy adaptiveEscalation) {
    this(maxTokenTtlMs, adaptiveEscalation, DEFAULT_REQUIRED_APPROVALS);
  }
}
