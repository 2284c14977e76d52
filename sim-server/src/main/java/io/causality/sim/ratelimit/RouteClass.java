package io.causality.sim.ratelimit;

import io.causality.sim.core.organization.Tier;
import java.util.OptionalInt;
import java.util.regex.Pattern;

/**
 * The spec's route classes, each with its own per-window budget. Writes the spec does not name (PUT
 * agent-policy, PUT time-control, POST /v1/evaluations, any DELETE) count as {@link #STEP}: like a
 * step they advance or alter a simulation, and they cost about as much.
 */
public enum RouteClass {
  /**
   * {@code POST /v1/simulations*}, {@code POST /v1/simulations/{id}/decrees} and {@code POST
   * /v1/experiments} (which creates runs).
   */
  CREATE,
  /** {@code POST /v1/simulations/{id}/step} and the other writes. */
  STEP,
  /** Every GET except the event stream. */
  READ,
  /**
   * {@code GET /v1/simulations/{id}/events} and {@code GET /v1/experiments/{id}/events}: limited by
   * concurrent streams, not per window.
   */
  EVENTS;

  private static final Pattern STEP_PATH = Pattern.compile("/v1/simulations/[^/]+/step");
  private static final Pattern EVENTS_PATH =
      Pattern.compile("/v1/(?:simulations|experiments)/[^/]+/events");
  private static final String SIMULATIONS = "/v1/simulations";
  private static final String EXPERIMENTS = "/v1/experiments";

  /** The class of a request, from its method and its path (leading slash optional). */
  public static RouteClass of(String method, String path) {
    String normalized = normalize(path);
    return switch (method) {
      case "GET", "HEAD", "OPTIONS" -> EVENTS_PATH.matcher(normalized).matches() ? EVENTS : READ;
      case "POST" -> isCreate(normalized) ? CREATE : STEP;
      default -> STEP;
    };
  }

  /** Requests allowed per window in a tier; empty for the event stream. */
  public OptionalInt limitIn(Tier.RateLimits limits) {
    return switch (this) {
      case CREATE -> OptionalInt.of(limits.create());
      case STEP -> OptionalInt.of(limits.step());
      case READ -> OptionalInt.of(limits.read());
      case EVENTS -> OptionalInt.empty();
    };
  }

  /** The name in messages: {@code create}, {@code step}, {@code read}, {@code events}. */
  public String wireName() {
    return name().toLowerCase(java.util.Locale.ROOT);
  }

  private static boolean isCreate(String path) {
    boolean underSimulations = path.equals(SIMULATIONS) || path.startsWith(SIMULATIONS + "/");
    return underSimulations && !STEP_PATH.matcher(path).matches() || path.equals(EXPERIMENTS);
  }

  private static String normalize(String path) {
    String withSlash = path.startsWith("/") ? path : "/" + path;
    return withSlash.length() > 1 && withSlash.endsWith("/")
        ? withSlash.substring(0, withSlash.length() - 1)
        : withSlash;
  }
}
