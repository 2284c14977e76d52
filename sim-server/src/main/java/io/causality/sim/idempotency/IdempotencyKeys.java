package io.causality.sim.idempotency;

import io.causality.common.errors.ApiException;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/** Reads and checks the {@code Idempotency-Key} request header. */
public final class IdempotencyKeys {
  public static final String HEADER = "Idempotency-Key";
  public static final String REPLAYED_HEADER = "Idempotency-Replayed";

  /** The longest path a key can be scoped to (the column's width). */
  static final int MAX_PATH_LENGTH = 1024;

  // Visible ASCII only: safe to store, compare and show back, and no header folding tricks.
  private static final Pattern VALID = Pattern.compile("[\\x21-\\x7E]{1,255}");

  private IdempotencyKeys() {}

  /** The key, if the request sent one; 400 VALIDATION_ERROR when it is malformed. */
  public static Optional<String> from(List<String> headerValues) {
    if (headerValues == null || headerValues.isEmpty()) {
      return Optional.empty();
    }
    if (headerValues.size() > 1) {
      throw ApiException.invalidField(HEADER, "must be sent once");
    }
    String key = headerValues.get(0);
    if (!VALID.matcher(key).matches()) {
      throw ApiException.invalidField(HEADER, "must be 1 to 255 visible ASCII characters");
    }
    return Optional.of(key);
  }

  /** Paths longer than the stored scope allows cannot carry a key. */
  static void checkPath(String path) {
    if (path.length() > MAX_PATH_LENGTH) {
      throw ApiException.invalidField(
          HEADER, "cannot be used on a path longer than " + MAX_PATH_LENGTH + " characters");
    }
  }
}
