package io.causality.sim.db;

/**
 * The orders a list of simulations may take: by creation, by b, or by the agents lost, each way.
 * Its {@link #toString} is the SQL of the ORDER BY clause, from this fixed set only (never a
 * caller's text). Rows without an outcome (no tick yet) come last either way; ties go newest first.
 */
public enum ListOrder {
  NEWEST("created_at DESC, id DESC"),
  OLDEST("created_at ASC, id ASC"),
  B_ASCENDING("outcome_b ASC NULLS LAST, created_at DESC, id DESC"),
  B_DESCENDING("outcome_b DESC NULLS LAST, created_at DESC, id DESC"),
  LOST_ASCENDING("outcome_lost ASC NULLS LAST, created_at DESC, id DESC"),
  LOST_DESCENDING("outcome_lost DESC NULLS LAST, created_at DESC, id DESC");

  private final String sql;

  ListOrder(String sql) {
    this.sql = sql;
  }

  @Override
  public String toString() {
    return sql;
  }
}
