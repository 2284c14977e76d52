package io.causality.hitl.coordinator.db;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;

/** Reads TIMESTAMP WITH TIME ZONE columns as instants, independent of the JVM time zone. */
final class Timestamps {

  private Timestamps() {}

  static Instant instant(ResultSet rs, String column) throws SQLException {
    OffsetDateTime value = rs.getObject(column, OffsetDateTime.class);
    return value == null ? null : value.toInstant();
  }
}
