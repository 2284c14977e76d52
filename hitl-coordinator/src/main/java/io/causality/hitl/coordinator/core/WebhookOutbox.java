package io.causality.hitl.coordinator.core;

import io.causality.hitl.coordinator.db.WebhookDeliveryDao;
import io.causality.hitl.coordinator.db.WebhookRoutes;
import io.causality.hitl.protocol.AuditEventType;
import io.causality.hitl.protocol.ChainedAuditEvent;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import org.jdbi.v3.core.Jdbi;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The webhook outbox (docs/coordinator-protocol.md, "Webhook outbox"): every audit event is queued
 * for each endpoint that takes its type, in the transaction that writes it; deliverers claim due
 * rows under a lease and record each attempt's outcome.
 */
public final class WebhookOutbox {
  private static final Logger LOG = LoggerFactory.getLogger(WebhookOutbox.class);
  private final WebhookDeliveryDao deliveries;

  private WebhookOutbox(Jdbi jdbi) {
    this.deliveries = jdbi.onDemand(WebhookDeliveryDao.class);
  }

  /**
   * Routes every audit event written through {@code jdbi} from now on to the endpoints that take
   * its type (endpoint name to types; an empty set takes every type), and gives up the pending rows
   * of endpoints no longer configured. Call before anything writes an event.
   */
  public static WebhookOutbox open(Jdbi jdbi, Map<String, Set<AuditEventType>> endpointTypes) {
    jdbi.getConfig(WebhookRoutes.class).set(endpointTypes);
    WebhookOutbox outbox = new WebhookOutbox(jdbi);
    int abandoned = outbox.abandonAllBut(List.copyOf(endpointTypes.keySet()));
    if (abandoned > 0) {
      LOG.warn(
          "Webhooks: abandoned {} pending deliveries of endpoints no longer configured", abandoned);
    }
    return outbox;
  }

  /** A claimed delivery: the event as GET /v1/audit-events shows it, and its claim. */
  public record Claimed(
      String endpoint, int attemptsBefore, ChainedAuditEvent event, String claimId) {}

  /** Claims up to {@code limit} due rows of {@code endpoints} until {@code leaseUntil}. */
  public List<Claimed> claimDue(
      List<String> endpoints, Instant now, Instant leaseUntil, int limit) {
    List<Claimed> claimed = new ArrayList<>();
    for (var row : deliveries.due(now, endpoints, limit)) {
      String claimId = UUID.randomUUID().toString();
      if (deliveries.claim(row.eventId(), row.endpoint(), now, leaseUntil, claimId) == 1) {
        Optional<ChainedAuditEvent> event =
            deliveries.event(row.eventId()).map(AuditTrail::toEvent);
        event.ifPresent(e -> claimed.add(new Claimed(row.endpoint(), row.attempts(), e, claimId)));
      }
    }
    return claimed;
  }

  /** The attempt succeeded; false when the claim had been lost (its lease ran out). */
  public boolean delivered(Claimed claimed, Instant now) {
    return deliveries.delivered(claimed.event().id(), claimed.endpoint(), claimed.claimId(), now)
        == 1;
  }

  /** The attempt failed; it is tried again at {@code next}. */
  public boolean retryLater(Claimed claimed, Instant next, String error) {
    return deliveries.retryLater(
            claimed.event().id(), claimed.endpoint(), claimed.claimId(), next, error)
        == 1;
  }

  /** The last allowed attempt failed: the row is kept as FAILED. */
  public boolean failed(Claimed claimed, String error) {
    return deliveries.failed(claimed.event().id(), claimed.endpoint(), claimed.claimId(), error)
        == 1;
  }

  /** How many deliveries wait (PENDING). */
  public long pending() {
    return deliveries.count("PENDING");
  }

  /** How many deliveries were given up after their last attempt (FAILED). */
  public long failedForGood() {
    return deliveries.count("FAILED");
  }

  private int abandonAllBut(List<String> endpoints) {
    return endpoints.isEmpty() ? deliveries.abandonAll() : deliveries.abandonAllBut(endpoints);
  }
}
