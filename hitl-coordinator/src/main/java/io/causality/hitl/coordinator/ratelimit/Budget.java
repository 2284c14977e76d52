package io.causality.hitl.coordinator.ratelimit;

/**
 * The separately limited actions, each with its own budget per identity and period; also the label
 * a metric of refusals can carry.
 */
public enum Budget {
  /** Submissions of a caller (or, without callers, of a client address) naming no requester. */
  SUBMISSIONS("submissions"),
  /** Submissions naming a requester, by the requester's organization. */
  ORGANIZATION_SUBMISSIONS("submissions"),
  /** Redemptions of a caller. */
  REDEMPTIONS("redemptions");

  private final String wireName;

  Budget(String wireName) {
    this.wireName = wireName;
  }

  /** As the 429 message names it. */
  public String wireName() {
    return wireName;
  }
}
