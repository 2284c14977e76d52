package io.causality.hitl.coordinator.ratelimit;

/** The separately limited actions: each caller has one budget of each per period. */
public enum Budget {
  SUBMISSIONS("submissions"),
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
