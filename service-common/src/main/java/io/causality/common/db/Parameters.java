package io.causality.common.db;

import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.Instant;

/**
 * Binds the parameters of a plain JDBC statement that are not a written record's {@link Column}s
 * (keys, versions, conditions), in order, as JDBI binds them: an {@link Instant} as a {@link
 * Timestamp} (so rows read back the same whoever wrote them), null untyped (the database infers the
 * type from the column), anything else by {@code setObject}. No plain-JDBC class calls a typed
 * setter itself, so that every value is bound one way.
 */
public final class Parameters {
  private Parameters() {}

  /** Binds {@code values} from parameter {@code first}; the next one. */
  public static int bind(PreparedStatement statement, int first, Object... values)
      throws SQLException {
    int index = first;
    for (Object value : values) {
      bindValue(statement, index++, value);
    }
    return index;
  }

  public static void bindValue(PreparedStatement statement, int index, Object value)
      throws SQLException {
    if (value == null) {
      statement.setNull(index, Types.NULL);
    } else if (value instanceof Instant instant) {
      statement.setTimestamp(index, Timestamp.from(instant));
    } else {
      statement.setObject(index, value);
    }
  }
}
