package io.causality.hitl.coordinator.core;

import io.causality.hitl.coordinator.db.WebhookAttempt;
import io.causality.hitl.coordinator.db.WebhookDeliveryDao;
import io.causality.hitl.coordinator.db.WebhookRoutes;
import io.causality.hitl.protocol.wire.AuditCheckpoint;
import io.causality.hitl.protocol.wire.AuditEventType;
import io.causality.hitl.protocol.wire.ChainedAuditEvent;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
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

  /**
   * A claimed delivery and its claim: an audit event as GET /v1/audit-events shows it, or a signed
   * checkpoint of the chain (exactly one of the two).
   *
   * @param deliveryId the event's id, or the checkpoint's: the outbox row's key with the endpoint
   */
  public record Claimed(
      String endpoint,
      int attemptsBefore,
      String deliveryId,
      ChainedAuditEvent event,
      AuditCheckpoint checkpoint,
      String claimId) {

    /** The kind of delivery, as the {@code X-Causality-Event-Type} header names it. */
    public String type() {
      return event != null ? event.eventType().name() : CHECKPOINT_TYPE;
    }

    /** When what is delivered happened: the event's time, or the checkpoint's signing. */
    public Instant at() {
      return event != null ? event.timestamp() : checkpoint.signedAt();
    }

    /** What the body carries: the event or the checkpoint. */
    public Object body() {
      return event != null ? event : checkpoint;
    }
  }

  /** The {@code X-Causality-Event-Type} of a checkpoint's delivery. */
  public static final String CHECKPOINT_TYPE = "CHECKPOINT";

  /**
   * What an attempt came to: delivered at {@code at}; to retry at {@code at}; or failed for good.
   */
  public record Result(Claimed claimed, Kind kind, Instant at, String error) {
    /** Delivered; to be tried again at {@code at}; given up after the last attempt. */
    public enum Kind {
      DELIVERED,
      RETRY,
      FAILED
    }

    public static Result delivered(Claimed claimed, Instant at) {
      return new Result(claimed, Kind.DELIVERED, at, null);
    }

    public static Result retryAt(Claimed claimed, Instant next, String error) {
      return new Result(claimed, Kind.RETRY, next, error);
    }

    public static Result failed(Claimed claimed, String error) {
      return new Result(claimed, Kind.FAILED, null, error);
    }

    private WebhookAttempt attempt() {
      return new WebhookAttempt(
          claimed.deliveryId(),
          claimed.endpoint(),
          claimed.claimId(),
          WebhookAttempt.Outcome.valueOf(kind.name()),
          at,
          error);
    }
  }

  /** Claims up to {@code limit} due rows of {@code endpoints} until {@code leaseUntil}. */
  public List<Claimed> claimDue(
      List<String> endpoints, Instant now, Instant leaseUntil, int limit) {
    return deliveries.claimDue(endpoints, now, leaseUntil, limit).stream()
        .map(
            row ->
                new Claimed(
                    row.delivery().endpoint(),
                    row.delivery().attempts(),
                    row.delivery().eventId(),
                    row.event() == null ? null : AuditTrail.toEvent(row.event()),
                    row.checkpoint(),
                    row.claimId()))
        .toList();
  }

  /**
   * Records a batch's results at once; for each, whether its claim still held (false: the lease ran
   * out and another deliverer took the row, whose outcome counts instead).
   */
  public List<Boolean> record(List<Result> results) {
    return deliveries.record(results.stream().map(Result::attempt).toList());
  }

  /** The attempt succeeded; false when the claim had been lost. */
  public boolean delivered(Claimed claimed, Instant now) {
    return record(List.of(Result.delivered(claimed, now))).get(0);
  }

  /** The attempt failed; it is tried again at {@code next}. */
  public boolean retryLater(Claimed claimed, Instant next, String error) {
    return record(List.of(Result.retryAt(claimed, next, error))).get(0);
  }

  /** The last allowed attempt failed: the row is kept as FAILED. */
  public boolean failed(Claimed claimed, String error) {
    return record(List.of(Result.failed(claimed, error))).get(0);
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
