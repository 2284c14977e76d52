package io.causality.sim.docs;

import io.causality.common.openapi.StandardResponses;
import java.util.Map;
import java.util.Set;

/**
 * The standard error responses of the simulation service: an API key or a bearer token
 * authenticates; every operation may be rate limited (per organization, or per client address for
 * the public ones).
 */
public final class SimStandardResponses extends StandardResponses {
  static final String BAD_REQUEST =
      "Invalid request: VALIDATION_ERROR with one issue per bad field or parameter";
  static final String UNAUTHORIZED =
      "Missing or invalid authentication, or a simulation of another organization";
  static final String FORBIDDEN =
      "The API key lacks the scope, or the caller may not act for the organization";
  static final String NOT_FOUND = "Nothing with the id in the path";
  static final String RATE_LIMITED =
      "Rate limited (RATE_LIMITED, with Retry-After): per organization, or per client address "
          + "for the public operations";
  static final String INTERNAL = "An internal error (INTERNAL); the requestId finds it in the log";

  /** Instantiated by swagger-jaxrs2, named among the documented classes. */
  public SimStandardResponses() {
    super(
        Set.of(OpenApiDocument.API_KEY_SCHEME, OpenApiDocument.BEARER_SCHEME),
        Map.of(
            Kind.BAD_REQUEST, BAD_REQUEST,
            Kind.UNAUTHORIZED, UNAUTHORIZED,
            Kind.FORBIDDEN, FORBIDDEN,
            Kind.NOT_FOUND, NOT_FOUND,
            Kind.RATE_LIMITED, RATE_LIMITED,
            Kind.INTERNAL, INTERNAL));
  }
}
