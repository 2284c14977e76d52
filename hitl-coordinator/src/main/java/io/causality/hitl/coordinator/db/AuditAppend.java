package io.causality.hitl.coordinator.db;

import io.causality.hitl.protocol.wire.AuditCheckpoint;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.UUID;

/**
 * The one writer of audit events: appends an event to the chain (docs/coordinator-protocol.md,
 * "Audit chain") and queues its webhook deliveries, in plain JDBC on the caller's connection and
 * transaction. {@link AuditEventDao#insert} (every transition of the DAOs) and {@link
 * RedemptionTransaction} (the redemption's hot path) both call it, so no event type skips the chain
 * or the outbox whatever wrote it; {@code ArchitectureTest} holds that nothing else does.
 *
 * <p>Why plain JDBC: an append is four to five statements in every write transaction of the
 * coordinator, and through SqlObjects each cost a statement context, a configuration copy and an
 * argument binding (docs/performance.md, "Coordinator", run G).
 */
final class AuditAppend {
  private static final String LOCK_HEAD =
      "SELECT last_seq, last_hash FROM audit_chain_head WHERE id = 1 FOR UPDATE";
  private static final String INSERT_LINKED =
      """
      INSERT INTO audit_events
          (id, coordinator_request_id, event_type, actor_id, occurred_at, note,
           chain_seq, previous_hash, event_hash)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
      """;
  private static final String ADVANCE_HEAD =
      "UPDATE audit_chain_head SET last_seq = ?, last_hash = ? WHERE id = 1";
  private static final String INSERT_CHECKPOINT =
      """
      INSERT INTO audit_checkpoints (id, chain_seq, head_hash, signed_at, key_id, signature)
      VALUES (?, ?, ?, ?, ?, ?)
      """;
  private static final String ENQUEUE =
      """
      INSERT INTO webhook_deliveries (event_id, endpoint, state, attempts, next_attempt_at)
      VALUES (?, ?, 'PENDING', 0, ?)
      """;

  private AuditAppend() {}

  /**
   * Locks the head, hashes the event after it, stores both, and queues the event for each endpoint
   * {@code routes} names for its type; at every {@code everyEvents}-th event, signs a checkpoint of
   * the new head too ({@link AuditCheckpoints}). Concurrent writers, on any instance, wait for the
   * head.
   *
   * @return the event as stored, with its place and hashes
   */
  static ChainedAuditEventRow append(
      Connection connection,
      WebhookRoutes routes,
      AuditCheckpoints checkpoints,
      AuditEventRow event)
      throws SQLException {
    AuditEventRow stored = AuditChain.stored(event);
    ChainHead head = lockHead(connection);
    long sequence = head.sequence() + 1;
    String hash = AuditChain.hash(stored, sequence, head.hash());
    insertLinked(connection, stored, sequence, head.hash(), hash);
    advanceHead(connection, sequence, hash);
    for (String endpoint : routes.endpointsFor(stored.eventType())) {
      enqueue(connection, stored.id(), endpoint, stored.occurredAt());
    }
    if (checkpoints.dueAt(sequence)) {
      AuditCheckpoint checkpoint =
          checkpoints.signer().orElseThrow().sign(sequence, hash, stored.occurredAt());
      insertCheckpoint(connection, routes, checkpoint);
    }
    return new ChainedAuditEventRow(sequence, stored, head.hash(), hash);
  }

  /**
   * Stores a signed checkpoint and queues it for every webhook endpoint, whatever event types the
   * endpoint takes: a receiver keeps the checkpoints outside the database's reach.
   */
  static void insertCheckpoint(
      Connection connection, WebhookRoutes routes, AuditCheckpoint checkpoint) throws SQLException {
    String id = UUID.randomUUID().toString();
    try (PreparedStatement statement = connection.prepareStatement(INSERT_CHECKPOINT)) {
      statement.setString(1, id);
      statement.setLong(2, checkpoint.sequence());
      statement.setString(3, checkpoint.hash());
      statement.setTimestamp(4, timestamp(checkpoint.signedAt()));
      statement.setString(5, checkpoint.keyId());
      statement.setString(6, checkpoint.signature());
      statement.executeUpdate();
    }
    for (String endpoint : routes.allEndpoints()) {
      enqueue(connection, id, endpoint, checkpoint.signedAt());
    }
  }

  /**
   * The head, locked until the transaction ends: every writer of an audit event takes this lock
   * first, so appends happen one after another in one order.
   */
  static ChainHead lockHead(Connection connection) throws SQLException {
    try (PreparedStatement statement = connection.prepareStatement(LOCK_HEAD);
        ResultSet row = statement.executeQuery()) {
      if (!row.next()) {
        throw new IllegalStateException("the audit chain has no head row");
      }
      return new ChainHead(row.getLong(1), row.getString(2));
    }
  }

  static void advanceHead(Connection connection, long sequence, String hash) throws SQLException {
    try (PreparedStatement statement = connection.prepareStatement(ADVANCE_HEAD)) {
      statement.setLong(1, sequence);
      statement.setString(2, hash);
      statement.executeUpdate();
    }
  }

  private static void insertLinked(
      Connection connection, AuditEventRow event, long sequence, String previous, String hash)
      throws SQLException {
    try (PreparedStatement statement = connection.prepareStatement(INSERT_LINKED)) {
      statement.setString(1, event.id());
      statement.setString(2, event.coordinatorRequestId());
      statement.setString(3, event.eventType().name());
      statement.setString(4, event.actorId());
      statement.setTimestamp(5, timestamp(event.occurredAt()));
      statement.setString(6, event.note());
      statement.setLong(7, sequence);
      statement.setString(8, previous);
      statement.setString(9, hash);
      statement.executeUpdate();
    }
  }

  private static void enqueue(Connection connection, String eventId, String endpoint, Instant due)
      throws SQLException {
    try (PreparedStatement statement = connection.prepareStatement(ENQUEUE)) {
      statement.setString(1, eventId);
      statement.setString(2, endpoint);
      statement.setTimestamp(3, timestamp(due));
      statement.executeUpdate();
    }
  }

  /** As JDBI binds an {@link Instant}, so that rows read back the same whoever wrote them. */
  static Timestamp timestamp(Instant instant) {
    return Timestamp.from(instant);
  }
}
