package io.causality.hitl.coordinator.metrics;

import io.prometheus.metrics.core.metrics.Counter;
import io.prometheus.metrics.core.metrics.Histogram;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;

/**
 * The coordinator's domain counters and histogram (docs/operations.md, "Metrics"), served on the
 * admin port's {@code /prometheus}. Static, as the Prometheus client's idiom has them, so that a
 * hook where a decision or redemption happens is one line; each application registers them in its
 * own registry. The gauges read from the database are {@link CoordinatorGauges}.
 */
public final class CoordinatorMetrics {
  public static final Counter DECISIONS =
      Counter.builder()
          .name("hitl_decisions_total")
          .help(
              "Operator decisions: approved (the token issued), partial (an approval recorded,"
                  + " the quorum not reached yet), denied")
          .labelNames("decision")
          .build();

  public static final Histogram DECISION_LATENCY =
      Histogram.builder()
          .name("hitl_decision_latency_seconds")
          .help("Time from a request's submission to its approval or denial")
          .classicOnly()
          .classicUpperBounds(
              1, 5, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 14400, 43200, 86400)
          .build();

  public static final Counter TOKENS_ISSUED =
      Counter.builder()
          .name("hitl_tokens_issued_total")
          .help("Override tokens signed and issued")
          .build();

  public static final Counter REDEMPTIONS =
      Counter.builder()
          .name("hitl_redemptions_total")
          .help("Token redemptions answered, by outcome (the wire's RedeemStatus)")
          .labelNames("outcome")
          .build();

  public static final Counter SUBMISSIONS_REFUSED =
      Counter.builder()
          .name("hitl_submissions_refused_total")
          .help(
              "Submissions refused, by reason: validation, an adaptive gate (deduplicated,"
                  + " deny_cooldown, material_change_required), rate_limited, or the error code")
          .labelNames("reason")
          .build();

  static final List<String> DECISION_VALUES = List.of("approved", "partial", "denied");
  static final List<String> REFUSAL_REASONS =
      List.of(
          "validation",
          "deduplicated",
          "deny_cooldown",
          "material_change_required",
          "rate_limited");

  private CoordinatorMetrics() {}

  /** Registers the metrics above, with a zero series for each known label value. */
  public static void registerWith(PrometheusRegistry registry, List<String> redeemOutcomes) {
    DECISION_VALUES.forEach(DECISIONS::labelValues);
    REFUSAL_REASONS.forEach(SUBMISSIONS_REFUSED::labelValues);
    redeemOutcomes.forEach(o -> REDEMPTIONS.labelValues(label(o)));
    List.of(DECISIONS, DECISION_LATENCY, TOKENS_ISSUED, REDEMPTIONS, SUBMISSIONS_REFUSED)
        .forEach(registry::register);
  }

  /** The quorum was reached: the token is issued {@code at}, for a request submitted before. */
  public static void approved(Instant submittedAt, Instant at) {
    DECISIONS.labelValues("approved").inc();
    TOKENS_ISSUED.inc();
    latency(submittedAt, at);
  }

  /** One approval more, the quorum not reached. */
  public static void partiallyApproved() {
    DECISIONS.labelValues("partial").inc();
  }

  public static void denied(Instant submittedAt, Instant at) {
    DECISIONS.labelValues("denied").inc();
    latency(submittedAt, at);
  }

  /** A redemption answered with {@code status} (a RedeemStatus name). */
  public static void redeemed(String status) {
    REDEMPTIONS.labelValues(label(status)).inc();
  }

  private static void latency(Instant submittedAt, Instant at) {
    Duration waited = Duration.between(submittedAt, at);
    DECISION_LATENCY.observe(Math.max(0, waited.toMillis()) / 1000.0);
  }

  static String label(String value) {
    return value.toLowerCase(Locale.ROOT);
  }
}
