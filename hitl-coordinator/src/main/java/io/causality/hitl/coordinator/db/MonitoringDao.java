package io.causality.hitl.coordinator.db;

import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import org.jdbi.v3.sqlobject.config.KeyColumn;
import org.jdbi.v3.sqlobject.config.ValueColumn;
import org.jdbi.v3.sqlobject.statement.SqlQuery;

/**
 * What the metrics and health checks read from the database, each at most once every few seconds
 * (never per scrape), each by an index or over a bounded set.
 */
public interface MonitoringDao {
  /** Requests by status; a PENDING request past its expiry counts as EXPIRED (lazy expiry). */
  @SqlQuery(
      """
      SELECT status, COUNT(*) AS requests FROM (
          SELECT CASE WHEN status = 'PENDING' AND request_expires_at <= :now
                      THEN 'EXPIRED' ELSE status END AS status
          FROM override_requests) shown
      GROUP BY status
      """)
  @KeyColumn("status")
  @ValueColumn("requests")
  Map<String, Long> requestsByStatus(Instant now);

  /** When the oldest request still pending was submitted (the status and expiry index). */
  @SqlQuery(
      """
      SELECT MIN(submitted_at) FROM override_requests
      WHERE status = 'PENDING' AND request_expires_at > :now
      """)
  Optional<Instant> oldestPendingSubmittedAt(Instant now);

  /** Tokens whose expiry lies in {@code (after, until]} and that were never redeemed. */
  @SqlQuery(
      """
      SELECT COUNT(*) FROM issued_tokens
      WHERE expires_at > :after AND expires_at <= :until AND redeemed_at IS NULL
      """)
  long tokensExpiredUnredeemed(Instant after, Instant until);

  /** The audit chain's head: its last sequence number. */
  @SqlQuery("SELECT last_seq FROM audit_chain_head WHERE id = 1")
  long auditChainHeadSequence();

  /** The time of the oldest audit event still waiting for a webhook delivery. */
  @SqlQuery(
      """
      SELECT MIN(e.occurred_at) FROM webhook_deliveries d
      JOIN audit_events e ON e.id = d.event_id
      WHERE d.state = 'PENDING'
      """)
  Optional<Instant> oldestPendingDelivery();
}
