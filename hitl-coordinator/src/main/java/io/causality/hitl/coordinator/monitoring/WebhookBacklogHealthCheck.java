package io.causality.hitl.coordinator.monitoring;

import com.codahale.metrics.health.HealthCheck;
import io.causality.hitl.coordinator.core.WebhookOutbox;
import io.causality.hitl.coordinator.db.MonitoringDao;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * The {@code webhook-backlog} health check: no delivery given up (failed after {@code
 * webhooks.maxAttempts}), and no event waiting for delivery longer than {@code
 * webhooks.maxPendingAge}. Its failure degrades the coordinator (the audit trail itself is intact
 * and served): {@code /healthz} answers 200 {@code DEGRADED}. Two indexed reads.
 */
public final class WebhookBacklogHealthCheck extends HealthCheck {
  public static final String NAME = "webhook-backlog";

  private final WebhookOutbox outbox;
  private final MonitoringDao dao;
  private final Clock clock;
  private final Duration maxPendingAge;

  public WebhookBacklogHealthCheck(
      WebhookOutbox outbox, MonitoringDao dao, Clock clock, Duration maxPendingAge) {
    this.outbox = outbox;
    this.dao = dao;
    this.clock = clock;
    this.maxPendingAge = maxPendingAge;
  }

  @Override
  protected Result check() {
    long failed = outbox.failedForGood();
    if (failed > 0) {
      return Result.unhealthy(
          "%d webhook deliveries failed for good (docs/operations.md, \"Webhook deliveries"
              + " failed\")",
          failed);
    }
    Optional<Instant> oldest = dao.oldestPendingDelivery();
    if (oldest.isPresent()) {
      Duration age = Duration.between(oldest.get(), clock.instant());
      if (age.compareTo(maxPendingAge) > 0) {
        return Result.unhealthy(
            "an event waits for webhook delivery since %s (%d s, more than %d s)",
            oldest.get(), age.toSeconds(), maxPendingAge.toSeconds());
      }
    }
    return Result.healthy("no failed delivery, none pending longer than %s", maxPendingAge);
  }
}
