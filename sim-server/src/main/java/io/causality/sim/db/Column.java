package io.causality.sim.db;

import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.Instant;
import java.util.Collections;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * A column a plain JDBC write sets, and where its value comes from in the written record: a write's
 * columns are one list, so that its SQL and its binding cannot disagree and a new column is one
 * line. Values are bound as JDBI binds them: {@link Instant} as a {@link Timestamp}, null untyped
 * (the database infers the type from the column).
 */
record Column<T>(String name, Function<T, Object> value) {
  static <T> Column<T> of(String name, Function<T, Object> value) {
    return new Column<>(name, value);
  }

  /** {@code a = ?, b = ?}: the SET list of an UPDATE. */
  static <T> String assignments(List<Column<T>> columns) {
    return columns.stream().map(c -> c.name() + " = ?").collect(Collectors.joining(", "));
  }

  /** {@code a, b}: the column list of an INSERT. */
  static String names(List<? extends Column<?>> columns) {
    return columns.stream().map(Column::name).collect(Collectors.joining(", "));
  }

  /** {@code ?, ?}: as many parameters as columns. */
  static String parameters(int count) {
    return String.join(", ", Collections.nCopies(count, "?"));
  }

  /** Binds the columns' values of {@code record} from parameter {@code first}; the next one. */
  static <T> int bind(PreparedStatement statement, int first, List<Column<T>> columns, T record)
      throws SQLException {
    int index = first;
    for (Column<T> column : columns) {
      bindValue(statement, index++, column.value().apply(record));
    }
    return index;
  }

  static void bindValue(PreparedStatement statement, int index, Object value) throws SQLException {
    if (value == null) {
      statement.setNull(index, Types.NULL);
    } else if (value instanceof Instant instant) {
      statement.setTimestamp(index, Timestamp.from(instant));
    } else {
      statement.setObject(index, value);
    }
  }
}
