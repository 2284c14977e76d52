package io.causality.sim.api;

import io.causality.common.errors.ApiException;
import io.causality.common.errors.ValidationIssue;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import java.util.regex.Pattern;

/**
 * Reads path and query parameters as text and checks them, collecting one issue per bad parameter,
 * so that {@code ?limit=abc&offset=-1} answers one 400 naming both (Jersey's own conversion would
 * answer 404 for the first and say nothing of the second).
 */
public final class RequestParameters {
  private static final Pattern UUID_TEXT =
      Pattern.compile(
          "[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}");

  private final List<ValidationIssue> issues = new ArrayList<>();

  /** A UUID path id; null (with an issue recorded) when the text is not one. */
  public UUID uuid(String name, String raw) {
    if (raw != null && UUID_TEXT.matcher(raw).matches()) {
      return UUID.fromString(raw);
    }
    issues.add(new ValidationIssue(name, "must be a UUID"));
    return null;
  }

  public int integer(String name, String raw, int defaultValue, int min, int max) {
    if (raw == null || raw.isEmpty()) {
      return defaultValue;
    }
    try {
      int value = Integer.parseInt(raw.strip());
      if (value >= min && value <= max) {
        return value;
      }
    } catch (NumberFormatException e) {
      // reported below with the bounds
    }
    issues.add(
        new ValidationIssue(
            name,
            max == Integer.MAX_VALUE
                ? "must be an integer of at least " + min
                : "must be an integer from " + min + " to " + max));
    return defaultValue;
  }

  /** An optional UUID query parameter; null when absent or (with an issue recorded) bad. */
  public UUID optionalUuid(String name, String raw) {
    return raw == null || raw.isEmpty() ? null : uuid(name, raw);
  }

  /** One of the allowed values, compared without regard to case. */
  public String oneOf(String name, String raw, String defaultValue, List<String> allowed) {
    if (raw == null || raw.isEmpty()) {
      return defaultValue;
    }
    String value = raw.strip().toLowerCase(Locale.ROOT);
    if (allowed.contains(value)) {
      return value;
    }
    issues.add(new ValidationIssue(name, "must be one of " + allowed));
    return defaultValue;
  }

  /** Records a problem found by the caller's own check of a parameter. */
  public void invalid(String name, String message) {
    issues.add(new ValidationIssue(name, message));
  }

  /** Throws the collected issues as one 400 VALIDATION_ERROR. */
  public void throwIfInvalid() {
    if (!issues.isEmpty()) {
      String summary =
          issues.size() == 1
              ? "Invalid parameter: " + issues.get(0).path() + " " + issues.get(0).message()
              : "Invalid parameters: " + issues.size() + " are invalid";
      throw ApiException.validation(summary, issues);
    }
  }
}
