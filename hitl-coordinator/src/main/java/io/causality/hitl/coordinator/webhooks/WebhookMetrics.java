package io.causality.hitl.coordinator.webhooks;

import com.codahale.metrics.CachedGauge;
import com.codahale.metrics.Meter;
import com.codahale.metrics.MetricRegistry;
import com.codahale.metrics.Timer;
import io.causality.hitl.coordinator.core.WebhookOutbox;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * The deliverer's figures on the admin port ({@code /metrics}): the lag from an event's time to its
 * successful delivery, deliveries made, failed attempts, deliveries given up, and the rows of the
 * outbox still pending or failed (read from the database, so they count every instance's rows and
 * survive restarts; cached for a second).
 */
public final class WebhookMetrics {
  static final String PREFIX = "webhooks.";

  private final Timer lag;
  private final Meter delivered;
  private final Meter failedAttempts;
  private final Meter failedForGood;

  public WebhookMetrics(MetricRegistry registry, WebhookOutbox outbox) {
    this.lag = registry.timer(PREFIX + "delivery-lag");
    this.delivered = registry.meter(PREFIX + "delivered");
    this.failedAttempts = registry.meter(PREFIX + "failed-attempts");
    this.failedForGood = registry.meter(PREFIX + "permanently-failed");
    registry.gauge(PREFIX + "pending", () -> cached(outbox::pending));
    registry.gauge(PREFIX + "failed", () -> cached(outbox::failedForGood));
  }

  void delivered(Duration lagOfEvent) {
    delivered.mark();
    lag.update(lagOfEvent.isNegative() ? Duration.ZERO : lagOfEvent);
  }

  void failedAttempt() {
    failedAttempts.mark();
  }

  void failedForGood() {
    failedAttempts.mark();
    failedForGood.mark();
  }

  private static CachedGauge<Long> cached(LongSupplier count) {
    return new CachedGauge<>(1, TimeUnit.SECONDS) {
      @Override
      protected Long loadValue() {
        return count.getAsLong();
      }
    };
  }
}
