package io.causality.common.db;

import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.Collections;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * A column a plain JDBC write sets, and where its value comes from in the written record: a write's
 * columns are one list, so that its SQL and its binding cannot disagree and a new column is one
 * line. Values are bound by {@link Parameters#bindValue}, as JDBI binds them. docs/architecture.md,
 * "Reading the database", has the style every plain-JDBC class follows.
 */
public record Column<T>(String name, Function<T, Object> value) {
  public static <T> Column<T> of(String name, Function<T, Object> value) {
    return new Column<>(name, value);
  }

  /** {@code a = ?, b = ?}: the SET list of an UPDATE. */
  public static <T> String assignments(List<Column<T>> columns) {
    return columns.stream().map(c -> c.name() + " = ?").collect(Collectors.joining(", "));
  }

  /** {@code a, b}: the column list of an INSERT. */
  public static String names(List<? extends Column<?>> columns) {
    return columns.stream().map(Column::name).collect(Collectors.joining(", "));
  }

  /** {@code ?, ?}: as many parameters as columns. */
  public static String parameters(int count) {
    return String.join(", ", Collections.nCopies(count, "?"));
  }

  /** {@code INSERT INTO table (a, b) VALUES (?, ?)}. */
  public static <T> String insert(String table, List<Column<T>> columns) {
    return "INSERT INTO "
        + table
        + " ("
        + names(columns)
        + ") VALUES ("
        + parameters(columns.size())
        + ")";
  }

  /** Binds the columns' values of {@code record} from parameter {@code first}; the next one. */
  public static <T> int bind(
      PreparedStatement statement, int first, List<Column<T>> columns, T record)
      throws SQLException {
    int index = first;
    for (Column<T> column : columns) {
      Parameters.bindValue(statement, index++, column.value().apply(record));
    }
    return index;
  }
}
