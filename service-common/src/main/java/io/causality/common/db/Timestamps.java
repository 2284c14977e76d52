package io.causality.common.db;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;

/**
 * Reads {@code timestamp with time zone} columns as instants the same way on H2 and PostgreSQL,
 * whatever the JVM's time zone: the row mappers of both services read every time column here.
 */
public final class Timestamps {
  private Timestamps() {}

  /** The column's instant; null for SQL NULL. */
  public static Instant instant(ResultSet rs, String column) throws SQLException {
    OffsetDateTime value = rs.getObject(column, OffsetDateTime.class);
    return value == null ? null : value.toInstant();
  }
}
