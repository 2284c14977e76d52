package io.causality.common.db;

import java.sql.SQLException;

/**
 * Tells a unique-constraint violation (SQL state 23505 on H2 and PostgreSQL) among the causes of a
 * failure: where a unique key, not a Java lock, keeps a write exactly-once across processes, the
 * loser of a race sees this and reads what the winner wrote.
 */
public final class UniqueViolation {
  /** The SQL state of a unique-constraint violation (H2 and PostgreSQL). */
  static final String SQL_STATE = "23505";

  private UniqueViolation() {}

  /** Whether {@code failure} or one of its causes is a unique-constraint violation. */
  public static boolean in(Throwable failure) {
    for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
      if (cause instanceof SQLException sql && SQL_STATE.equals(sql.getSQLState())) {
        return true;
      }
    }
    return false;
  }
}
