package io.causality.hitl.coordinator.db;

import io.causality.hitl.protocol.wire.AuditCheckpoint;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.jdbi.v3.sqlobject.config.RegisterRowMapper;
import org.jdbi.v3.sqlobject.customizer.BindList;
import org.jdbi.v3.sqlobject.statement.SqlQuery;
import org.jdbi.v3.sqlobject.statement.SqlUpdate;
import org.jdbi.v3.sqlobject.transaction.Transaction;

/**
 * The webhook outbox (docs/coordinator-protocol.md, "Webhook outbox"). Rows are queued by the audit
 * append ({@code AuditAppend}, reached through {@link AuditEventDao#insert} and {@link
 * RedemptionTransaction}) in the audit event's transaction. A deliverer claims a due row with a
 * conditional UPDATE that sets a lease ({@code claimed_until}) and its claim id; only the holder of
 * that claim id can record the attempt's outcome, so two instances never both deliver a row within
 * one lease. A batch is claimed in one transaction and its outcomes recorded in another: two
 * commits a batch, however many rows, as each commit of the durable embedded database waits for the
 * disk.
 */
@RegisterRowMapper(WebhookDeliveryRowMapper.class)
@RegisterRowMapper(ChainedAuditEventRowMapper.class)
@RegisterRowMapper(AuditCheckpointRowMapper.class)
public interface WebhookDeliveryDao {

  /**
   * Claims up to {@code limit} due rows of {@code endpoints} until {@code until}, oldest first, in
   * one transaction; the rows another deliverer claimed first are left out. Rows are locked in the
   * order they are listed, the same for every deliverer, so two claiming at once do not deadlock.
   */
  @Transaction
  default List<ClaimedDeliveryRow> claimDue(
      List<String> endpoints, Instant now, Instant until, int limit) {
    String claimId = UUID.randomUUID().toString();
    List<ClaimedDeliveryRow> claimed = new ArrayList<>();
    for (WebhookDeliveryRow row : due(now, endpoints, limit)) {
      if (claim(row.eventId(), row.endpoint(), now, until, claimId) == 1) {
        Optional<ChainedAuditEventRow> event = event(row.eventId());
        if (event.isPresent()) {
          claimed.add(new ClaimedDeliveryRow(row, claimId, event.get(), null));
        } else {
          checkpoint(row.eventId())
              .ifPresent(c -> claimed.add(new ClaimedDeliveryRow(row, claimId, null, c)));
        }
      }
    }
    return claimed;
  }

  /**
   * Records the outcomes of a batch in one transaction; for each, whether its claim still held (a
   * claim whose lease ran out and that another deliverer took records nothing).
   */
  @Transaction
  default List<Boolean> record(List<WebhookAttempt> attempts) {
    List<Boolean> recorded = new ArrayList<>();
    for (WebhookAttempt a : attempts) {
      int rows =
          switch (a.outcome()) {
            case DELIVERED -> delivered(a.eventId(), a.endpoint(), a.claimId(), a.at());
            case RETRY -> retryLater(a.eventId(), a.endpoint(), a.claimId(), a.at(), a.error());
            case FAILED -> failed(a.eventId(), a.endpoint(), a.claimId(), a.error());
          };
      recorded.add(rows == 1);
    }
    return recorded;
  }

  /** Up to {@code limit} rows of {@code endpoints} that are due and not leased, oldest first. */
  @SqlQuery(
      """
            SELECT event_id, endpoint, attempts FROM webhook_deliveries
            WHERE state = 'PENDING' AND next_attempt_at <= :now
              AND (claimed_until IS NULL OR claimed_until < :now)
              AND endpoint IN (<endpoints>)
            ORDER BY next_attempt_at, event_id
            LIMIT :limit
            """)
  List<WebhookDeliveryRow> due(Instant now, @BindList List<String> endpoints, int limit);

  /** Leases a due row until {@code until}; 1 when this claim won it, 0 when another did. */
  @SqlUpdate(
      """
            UPDATE webhook_deliveries SET claimed_until = :until, claim_id = :claimId
            WHERE event_id = :eventId AND endpoint = :endpoint AND state = 'PENDING'
              AND next_attempt_at <= :now
              AND (claimed_until IS NULL OR claimed_until < :now)
            """)
  int claim(String eventId, String endpoint, Instant now, Instant until, String claimId);

  @SqlQuery("SELECT * FROM audit_events WHERE id = :eventId")
  Optional<ChainedAuditEventRow> event(String eventId);

  /** A checkpoint queued like an event, by its id. */
  @SqlQuery("SELECT * FROM audit_checkpoints WHERE id = :id")
  Optional<AuditCheckpoint> checkpoint(String id);

  /** Records a successful attempt, if the claim is still this deliverer's. */
  @SqlUpdate(
      """
            UPDATE webhook_deliveries
            SET state = 'DELIVERED', attempts = attempts + 1, delivered_at = :now,
                claimed_until = NULL, last_error = NULL
            WHERE event_id = :eventId AND endpoint = :endpoint AND claim_id = :claimId
              AND state = 'PENDING'
            """)
  int delivered(String eventId, String endpoint, String claimId, Instant now);

  /** Records a failed attempt and when to try again. */
  @SqlUpdate(
      """
            UPDATE webhook_deliveries
            SET attempts = attempts + 1, next_attempt_at = :next, claimed_until = NULL,
                last_error = :error
            WHERE event_id = :eventId AND endpoint = :endpoint AND claim_id = :claimId
              AND state = 'PENDING'
            """)
  int retryLater(String eventId, String endpoint, String claimId, Instant next, String error);

  /** Records the last allowed attempt's failure: the row is kept, FAILED, and never retried. */
  @SqlUpdate(
      """
            UPDATE webhook_deliveries
            SET state = 'FAILED', attempts = attempts + 1, claimed_until = NULL,
                last_error = :error
            WHERE event_id = :eventId AND endpoint = :endpoint AND claim_id = :claimId
              AND state = 'PENDING'
            """)
  int failed(String eventId, String endpoint, String claimId, String error);

  /** Gives up the pending rows of endpoints that are no longer configured. */
  @SqlUpdate(
      """
            UPDATE webhook_deliveries SET state = 'ABANDONED', claimed_until = NULL
            WHERE state = 'PENDING' AND endpoint NOT IN (<endpoints>)
            """)
  int abandonAllBut(@BindList List<String> endpoints);

  /** Gives up every pending row: no endpoint is configured any more. */
  @SqlUpdate(
      "UPDATE webhook_deliveries SET state = 'ABANDONED', claimed_until = NULL"
          + " WHERE state = 'PENDING'")
  int abandonAll();

  @SqlQuery("SELECT COUNT(*) FROM webhook_deliveries WHERE state = :state")
  long count(String state);
}
