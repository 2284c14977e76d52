package io.causality.hitl.coordinator.monitoring;

import io.causality.common.metrics.CachedValue;
import io.causality.common.metrics.MonitoringFactory;
import io.causality.hitl.coordinator.core.AuditChainWatch;
import io.causality.hitl.coordinator.core.WebhookOutbox;
import io.causality.hitl.coordinator.db.MonitoringDao;
import io.prometheus.metrics.core.metrics.CounterWithCallback;
import io.prometheus.metrics.core.metrics.GaugeWithCallback;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

/**
 * The coordinator's metrics read from the database, each at most once per {@code
 * monitoring.databaseGaugeInterval} however often Prometheus scrapes, each by an index or over a
 * bounded set (docs/operations.md, "Metrics"). On a database shared by several instances each shows
 * the figures of all: aggregate with {@code max}, not {@code sum}.
 */
public final class CoordinatorGauges {
  private final MonitoringDao dao;
  private final Clock clock;
  private final MonitoringFactory monitoring;

  public CoordinatorGauges(MonitoringDao dao, Clock clock, MonitoringFactory monitoring) {
    this.dao = dao;
    this.clock = clock;
    this.monitoring = monitoring;
  }

  /**
   * Registers every gauge; {@code statuses} are shown at zero when no request has them. {@code
   * hitl_audit_chain_verified} runs the audit-chain health check's incremental verification.
   */
  public void register(
      PrometheusRegistry registry,
      List<String> statuses,
      AuditChainWatch chain,
      WebhookOutbox webhooks,
      Duration pendingRequestTtl) {
    requests(registry, statuses);
    GaugeWithCallback.builder()
        .name("hitl_pending_request_ttl_seconds")
        .help("pendingRequestTtlMs, in seconds: how long a request may wait for a decision")
        .callback(cb -> cb.call(pendingRequestTtl.toMillis() / 1000.0))
        .register(registry);
    oldestPending(registry);
    expiredTokens(registry);
    gauge(
        registry,
        "hitl_audit_chain_head_sequence",
        "The audit chain's last sequence number",
        monitoring.cached("audit chain head", 0L, dao::auditChainHeadSequence));
    gauge(
        registry,
        "hitl_audit_chain_verified",
        "1 when the audit chain verified intact up to its head (the audit-chain health check),"
            + " else 0",
        monitoring.cached("audit chain", 0L, () -> chain.check().isIntact() ? 1L : 0L));
    gauge(
        registry,
        "hitl_webhook_deliveries_pending",
        "Webhook deliveries waiting in the outbox (all instances)",
        monitoring.cached("pending deliveries", 0L, webhooks::pending));
    gauge(
        registry,
        "hitl_webhook_deliveries_failed",
        "Webhook deliveries given up after webhooks.maxAttempts (kept in the outbox)",
        monitoring.cached("failed deliveries", 0L, webhooks::failedForGood));
  }

  private void requests(PrometheusRegistry registry, List<String> statuses) {
    CachedValue<Map<String, Long>> counts =
        monitoring.cached("requests by status", Map.of(), () -> dao.requestsByStatus(now()));
    GaugeWithCallback.builder()
        .name("hitl_override_requests")
        .help("Override requests by status; a pending one past its expiry counts as expired")
        .labelNames("status")
        .callback(cb -> withZeros(counts.get(), statuses).forEach((s, n) -> cb.call(n, s)))
        .register(registry);
  }

  private void oldestPending(PrometheusRegistry registry) {
    CachedValue<Long> since =
        monitoring.cached(
            "oldest pending request",
            0L,
            () -> dao.oldestPendingSubmittedAt(now()).map(Instant::toEpochMilli).orElse(0L));
    GaugeWithCallback.builder()
        .name("hitl_oldest_pending_request_age_seconds")
        .help("Age of the oldest request waiting for a decision; 0 when none waits")
        .callback(cb -> cb.call(ageSeconds(since.get())))
        .register(registry);
  }

  private double ageSeconds(long submittedAtMillis) {
    if (submittedAtMillis == 0) {
      return 0;
    }
    return Math.max(0, clock.millis() - submittedAtMillis) / 1000.0;
  }

  /**
   * Counts, at each read, the tokens whose expiry passed since the previous read unredeemed: a
   * counter from this process's start (an indexed range of the interval, never the whole table).
   */
  private void expiredTokens(PrometheusRegistry registry) {
    AtomicLong total = new AtomicLong();
    Instant[] counted = {now()};
    CachedValue<Long> read =
        monitoring.cached(
            "tokens expired unredeemed",
            0L,
            () -> {
              synchronized (counted) {
                Instant until = now();
                total.addAndGet(dao.tokensExpiredUnredeemed(counted[0], until));
                counted[0] = until;
                return total.get();
              }
            });
    CounterWithCallback.builder()
        .name("hitl_tokens_expired_unredeemed_total")
        .help("Issued tokens that expired without being redeemed, since this process started")
        .callback(cb -> cb.call(read.get()))
        .register(registry);
  }

  private static void gauge(
      PrometheusRegistry registry, String name, String help, Supplier<Long> value) {
    GaugeWithCallback.builder()
        .name(name)
        .help(help)
        .callback(cb -> cb.call(value.get()))
        .register(registry);
  }

  private static void gauge(
      PrometheusRegistry registry, String name, String help, CachedValue<Long> value) {
    gauge(registry, name, help, (Supplier<Long>) value::get);
  }

  private Instant now() {
    return clock.instant();
  }

  static Map<String, Long> withZeros(Map<String, Long> counts, List<String> statuses) {
    Map<String, Long> all = new TreeMap<>();
    statuses.forEach(s -> all.put(s.toLowerCase(Locale.ROOT), 0L));
    counts.forEach((s, n) -> all.put(s.toLowerCase(Locale.ROOT), n));
    return all;
  }
}
