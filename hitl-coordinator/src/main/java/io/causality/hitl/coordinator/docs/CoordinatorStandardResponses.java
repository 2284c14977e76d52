package io.causality.hitl.coordinator.docs;

import io.causality.common.openapi.StandardResponses;
import java.util.Map;
import java.util.Set;

/**
 * The standard error responses of the coordinator: a caller's bearer token authenticates. Resources
 * declare only what is particular to an operation: the 409 codes, a 400 that names what is checked,
 * and the 429 of the two rate-limited operations (submit and redeem), which no other one answers.
 */
public final class CoordinatorStandardResponses extends StandardResponses {
  /** The security scheme of the callers' bearer tokens. */
  public static final String BEARER_SCHEME = "bearer";

  static final String BAD_REQUEST =
      "Invalid request: VALIDATION_ERROR with one issue per bad field or parameter";
  static final String UNAUTHORIZED = "Missing or unknown bearer token";
  static final String FORBIDDEN = "The caller lacks the operation's role";
  static final String NOT_FOUND = "No override request has this id";
  static final String INTERNAL = "An internal error (INTERNAL); the requestId finds it in the log";

  /** Instantiated by swagger-jaxrs2, named among the documented classes. */
  public CoordinatorStandardResponses() {
    super(
        Set.of(BEARER_SCHEME),
        Map.of(
            Kind.BAD_REQUEST, BAD_REQUEST,
            Kind.UNAUTHORIZED, UNAUTHORIZED,
            Kind.FORBIDDEN, FORBIDDEN,
            Kind.NOT_FOUND, NOT_FOUND,
            Kind.INTERNAL, INTERNAL));
  }
}
