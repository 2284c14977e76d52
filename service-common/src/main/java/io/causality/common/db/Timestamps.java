package io.causality.sim.db;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;

/** Reads {@code timestamp with time zone} columns the same way on H2 and PostgreSQL. */
final class Timestamps {
  private Timestamps() {}

  static Instant instant(ResultSet rs, String column) throws SQLException {
    OffsetDateTime value = rs.getObject(column, OffsetDateTime.class);
    return value == null ? null : value.toInstant();
  }
}
