package io.causality.hitl.protocol.client;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
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
   * What went wrong, as the operator's tools show it: {@code coordinator refused (409
   * INVALID_TRANSITION): <its message>}, validation issues following as {@code ; path: message},
   * for an error answer; the reason when there was none. Empty for a success.
   */
  default Optional<String> failure() {
    return Optional.empty();
  }

  /** The description of an error answer that {@link #failure} gives. */
  private static String refusal(int httpStatus, JsonNode body) {
    JsonNode error = body.path("error");
    StringBuilder text =
        new StringBuilder("coordinator refused (")
            .append(httpStatus)
            .append(' ')
            .append(error.path("code").asText("HTTP_" + httpStatus))
            .append("): ")
            .append(error.path("message").asText("HTTP " + httpStatus));
    error
        .path("details")
        .path("issues")
        .forEach(
            issue ->
                text.append("; ")
                    .append(issue.path("path").asText())
                    .append(": ")
                    .append(issue.path("message").asText()));
    return text.toString();
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
      implements CoordinatorResult<T> {
    @Override
    public Optional<String> failure() {
      return Optional.of(CoordinatorResult.refusal(httpStatus, rawBody));
    }
  }

  /**
   * No usable answer: connection refused or reset, timeout, a 5xx status, or a success status whose
   * body could not be read.
   *
   * @param reason a short description for logs; it never holds credentials
   * @param httpStatus the HTTP status of a 5xx answer; 0 when there was no answer
   * @param rawBody the parsed body of a 5xx answer; a missing node otherwise
   */
  record Unavailable<T>(String reason, int httpStatus, JsonNode rawBody)
      implements CoordinatorResult<T> {

    /** No answer at all. */
    public Unavailable(String reason) {
      this(reason, 0, MissingNode.getInstance());
    }

    @Override
    public boolean unavailable() {
      return true;
    }

    /** A 5xx answer is described as the error it carries; no answer by its reason. */
    @Override
    public Optional<String> failure() {
      return Optional.of(httpStatus > 0 ? CoordinatorResult.refusal(httpStatus, rawBody) : reason);
    }
  }
}
