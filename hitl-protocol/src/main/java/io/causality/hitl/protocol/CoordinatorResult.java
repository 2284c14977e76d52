package io.causality.hitl.protocol;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Objects;
import java.util.Optional;

/**
 * What a call to the coordinator gave: a successful answer, a refusal (a 4xx answer with its
 * error), or no usable answer at all. Callers fail closed on {@link Unavailable}.
 *
 * @param <T> the body type of a successful answer
 */
public sealed interface CoordinatorResult<T>
    permits CoordinatorResult.Success, CoordinatorResult.Refused, CoordinatorResult.Unavailable {

  /** The body of a successful answer. */
  default Optional<T> body() {
    return Optional.empty();
  }

  /** Whether the coordinator could not be reached or answered with a server error. */
  default boolean unavailable() {
    return false;
  }

  /**
   * A 2xx answer with a readable body.
   *
   * @param httpStatus the HTTP status
   * @param value the parsed body
   */
  record Success<T>(int httpStatus, T value) implements CoordinatorResult<T> {
    public Success {
      Objects.requireNonNull(value, "value");
    }

    @Override
    public Optional<T> body() {
      return Optional.of(value);
    }
  }

  /**
   * A 4xx answer: the coordinator was reached and said no.
   *
   * @param httpStatus the HTTP status
   * @param errorCode {@code error.code} of the body, or empty text when there is none
   * @param message {@code error.message} of the body, or empty text
   * @param rawBody the parsed body; a missing node when it was not JSON
   */
  record Refused<T>(int httpStatus, String errorCode, String message, JsonNode rawBody)
      implements CoordinatorResult<T> {}

  /**
   * No usable answer: connection refused or reset, timeout, a 5xx status, or a success status whose
   * body could not be read.
   *
   * @param reason a short description for logs; it never holds credentials
   */
  record Unavailable<T>(String reason) implements CoordinatorResult<T> {
    @Override
    public boolean unavailable() {
      return true;
    }
  }
}
