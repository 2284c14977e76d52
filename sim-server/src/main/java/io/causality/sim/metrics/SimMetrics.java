package io.causality.sim.metrics;

import io.prometheus.metrics.core.metrics.Counter;
import io.prometheus.metrics.core.metrics.Gauge;
import io.prometheus.metrics.core.metrics.Histogram;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.util.List;
import java.util.Locale;

/**
 * sim-server's domain metrics (docs/operations.md, "Metrics"), served with the rest on the admin
 * port's {@code /prometheus}. They are static, as the Prometheus client's idiom has them, so that a
 * hook where something happens is one line and no constructor of the packages that count changes;
 * each application registers them in its own registry ({@link #registerWith}). The database gauge
 * {@code sim_simulations} is not here: it needs the database ({@link SimulationGauges}).
 *
 * <p>Every label takes a value from a fixed set (a status, a tier, a route class, an enum of the
 * wire contract): never an id. The known values are created at zero, so that each series exists
 * before its first event and rates and alerts see it from the start.
 */
public final class SimMetrics {
  public static final Counter TICKS_COMPUTED =
      Counter.builder()
          .name("sim_ticks_computed_total")
          .help("Ticks computed by the engines: steps, playback batches and create-and-run")
          .build();

  public static final Gauge WORKING_MEMORY_RESERVED =
      Gauge.builder()
          .name("sim_working_memory_reserved_bytes")
          .help(
              "Heap reserved now by large work: large request bodies being read, simulations"
                  + " being rebuilt (simulations.workingMemory)")
          .build();

  public static final Counter WORKING_MEMORY_REFUSED =
      Counter.builder()
          .name("sim_working_memory_refused_total")
          .help(
              "Large work refused 503 because the working memory stayed full for"
                  + " simulations.workingMemoryWait")
          .build();

  public static final Histogram TICK_COMPUTE_SECONDS =
      Histogram.builder()
          .name("sim_tick_compute_seconds")
          .help("Time to compute one step or playback batch, ticks stored excluded")
          .classicOnly()
          .classicUpperBounds(
              0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30)
          .build();

  public static final Gauge EVENT_STREAMS_OPEN =
      Gauge.builder()
          .name("sim_event_streams_open")
          .help("Event streams (Server-Sent Events) open now, by the organization's tier")
          .labelNames("tier")
          .build();

  public static final Counter EVENT_STREAMS_CLOSED =
      Counter.builder()
          .name("sim_event_streams_closed_total")
          .help(
              "Event streams ended or refused, by reason: client (went away), slow_reader (cut"
                  + " as too far behind), limit (refused: the organization's or the server's"
                  + " limit), shutdown, error, deleted (its simulation), working_memory (events"
                  + " to read back and no working memory free)")
          .labelNames("reason")
          .build();

  public static final Counter RATE_LIMITED =
      Counter.builder()
          .name("sim_rate_limited_total")
          .help("Requests answered 429 by the per-identity rate limits, by route class")
          .labelNames("route_class")
          .build();

  public static final Counter IDEMPOTENT_REPLAYS =
      Counter.builder()
          .name("sim_idempotent_replays_total")
          .help("Requests answered with the stored answer of an earlier one (Idempotency-Key)")
          .build();

  public static final Counter EVALUATIONS =
      Counter.builder()
          .name("sim_evaluations_total")
          .help("Evaluations answered by the state gate, by final decision")
          .labelNames("decision")
          .build();

  public static final Counter ESCALATIONS =
      Counter.builder()
          .name("sim_escalations_total")
          .help(
              "Rejections submitted to the coordinator for a human, by result: submitted,"
                  + " deduplicated (one is pending already), refused, coordinator_unavailable"
                  + " (failed closed)")
          .labelNames("result")
          .build();

  public static final Counter OVERRIDES =
      Counter.builder()
          .name("sim_overrides_total")
          .help("Override tokens presented, by outcome: applied, or the reason of the rejection")
          .labelNames("outcome")
          .build();

  public static final Histogram COORDINATOR_REQUEST_SECONDS =
      Histogram.builder()
          .name("sim_coordinator_request_seconds")
          .help(
              "Calls to the coordinator, by operation and outcome (success, refused, unavailable)")
          .labelNames("operation", "outcome")
          .classicOnly()
          .classicUpperBounds(0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10)
          .build();

  private static final List<String> CLOSE_REASONS =
      List.of("client", "slow_reader", "limit", "shutdown", "error", "working_memory");
  private static final List<String> ESCALATION_RESULTS =
      List.of("submitted", "deduplicated", "refused", "coordinator_unavailable");

  private SimMetrics() {}

  /**
   * Registers every metric above in {@code registry}, with the series of the known label values:
   * {@code tiers}, {@code routeClasses}, {@code decisions} and {@code overrideOutcomes}.
   */
  public static void registerWith(
      PrometheusRegistry registry,
      List<String> tiers,
      List<String> routeClasses,
      List<String> decisions,
      List<String> overrideOutcomes) {
    tiers.forEach(t -> EVENT_STREAMS_OPEN.labelValues(label(t)));
    CLOSE_REASONS.forEach(EVENT_STREAMS_CLOSED::labelValues);
    routeClasses.forEach(r -> RATE_LIMITED.labelValues(label(r)));
    decisions.forEach(EVALUATIONS::labelValues);
    ESCALATION_RESULTS.forEach(ESCALATIONS::labelValues);
    overrideOutcomes.forEach(o -> OVERRIDES.labelValues(label(o)));
    for (String operation : List.of("submit", "redeem")) {
      for (String outcome : List.of("success", "refused", "unavailable")) {
        COORDINATOR_REQUEST_SECONDS.labelValues(operation, outcome);
      }
    }
    List.of(
            TICKS_COMPUTED,
            TICK_COMPUTE_SECONDS,
            WORKING_MEMORY_RESERVED,
            WORKING_MEMORY_REFUSED,
            EVENT_STREAMS_OPEN,
            EVENT_STREAMS_CLOSED,
            RATE_LIMITED,
            IDEMPOTENT_REPLAYS,
            EVALUATIONS,
            ESCALATIONS,
            OVERRIDES,
            COORDINATOR_REQUEST_SECONDS)
        .forEach(registry::register);
  }

  /** A label value as the metrics write it: lower case, words joined by underscores. */
  public static String label(String value) {
    return value
        .replaceAll("([a-z0-9])([A-Z])", "$1_$2")
        .replace('-', '_')
        .toLowerCase(Locale.ROOT);
  }

  /** Ticks computed in {@code seconds}, one step or batch. */
  public static void computed(long ticks, double seconds) {
    TICKS_COMPUTED.inc(ticks);
    TICK_COMPUTE_SECONDS.observe(seconds);
  }

  /** An escalation's result, from the submission's status. */
  public static void escalated(String submissionStatus) {
    String result =
        switch (submissionStatus) {
          case "SUBMITTED" -> "submitted";
          case "DEDUPLICATED" -> "deduplicated";
          case "UNAVAILABLE" -> "coordinator_unavailable";
          default -> "refused";
        };
    ESCALATIONS.labelValues(result).inc();
  }
}
