package io.causality.hitl.coordinator.resources;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;

/**
 * A time query parameter, RFC 3339 with an offset ({@code 2026-11-25T04:00:00Z}). Jersey reads it
 * through {@link #valueOf}, so a malformed one answers 400 naming the parameter.
 */
public record Rfc3339Time(Instant instant) {
  public static Rfc3339Time valueOf(String text) {
    try {
      return new Rfc3339Time(OffsetDateTime.parse(text.strip()).toInstant());
    } catch (DateTimeParseException e) {
      throw new IllegalArgumentException(
          "must be an RFC 3339 time with an offset, such as 2026-11-25T04:00:00Z", e);
    }
  }
}
