package io.causality.hitl.coordinator.db;

import io.causality.common.db.Column;
import io.causality.common.db.Parameters;
import io.causality.hitl.protocol.wire.AuditCheckpoint;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
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

  /** An event linked into the chain: one line per column. */
  private static final List<Column<ChainedAuditEventRow>> LINKED =
      List.of(
          Column.of("id", linked -> linked.event().id()),
          Column.of("coordinator_request_id", linked -> linked.event().coordinatorRequestId()),
          Column.of("event_type", linked -> linked.event().eventType().name()),
          Column.of("actor_id", linked -> linked.event().actorId()),
          Column.of("occurred_at", linked -> linked.event().occurredAt()),
          Column.of("note", linked -> linked.event().note()),
          Column.of("chain_seq", ChainedAuditEventRow::sequence),
          Column.of("previous_hash", ChainedAuditEventRow::previousHash),
          Column.of("event_hash", ChainedAuditEventRow::hash),
          Column.of("trace_parent", linked -> linked.event().traceparent()));

  private static final String INSERT_LINKED = Column.insert("audit_events", LINKED);
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
    ChainedAuditEventRow linked = new ChainedAuditEventRow(sequence, stored, head.hash(), hash);
    insertLinked(connection, linked);
    advanceHead(connection, sequence, hash);
    for (String endpoint : routes.endpointsFor(stored.eventType())) {
      enqueue(connection, stored.id(), endpoint, stored.occurredAt());
    }
    if (checkpoints.dueAt(sequence)) {
      AuditCheckpoint checkpoint =
          checkpoints.signer().orElseThrow().sign(sequence, hash, stored.occurredAt());
      insertCheckpoint(connection, routes, checkpoint);
    }
    return linked;
  }

  /**
   * Stores a signed checkpoint and queues it for every webhook endpoint, whatever event types the
   * endpoint takes: a receiver keeps the checkpoints outside the database's reach.
   */
  static void insertCheckpoint(
      Connection connection, WebhookRoutes routes, AuditCheckpoint checkpoint) throws SQLException {
    String id = UUID.randomUUID().toString();
    try (PreparedStatement statement = connection.prepareStatement(INSERT_CHECKPOINT)) {
      Parameters.bind(
          statement,
          1,
          id,
          checkpoint.sequence(),
          checkpoint.hash(),
          checkpoint.signedAt(),
          checkpoint.keyId(),
          checkpoint.signature());
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
      Parameters.bind(statement, 1, sequence, hash);
      statement.executeUpdate();
    }
  }

  private static void insertLinked(Connection connection, ChainedAuditEventRow linked)
      throws SQLException {
    try (PreparedStatement statement = connection.prepareStatement(INSERT_LINKED)) {
      Column.bind(statement, 1, LINKED, linked);
      statement.executeUpdate();
    }
  }

  private static void enqueue(Connection connection, String eventId, String endpoint, Instant due)
      throws SQLException {
    try (PreparedStatement statement = connection.prepareStatement(ENQUEUE)) {
      Parameters.bind(statement, 1, eventId, endpoint, due);
      statement.executeUpdate();
    }
  }
}
