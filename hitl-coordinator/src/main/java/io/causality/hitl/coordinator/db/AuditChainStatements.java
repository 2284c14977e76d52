package io.causality.hitl.coordinator.db;

import java.util.List;
import org.jdbi.v3.sqlobject.config.RegisterRowMapper;
import org.jdbi.v3.sqlobject.customizer.BindMethods;
import org.jdbi.v3.sqlobject.statement.SqlQuery;
import org.jdbi.v3.sqlobject.statement.SqlUpdate;

/**
 * The statements of the audit chain, for {@link AuditEventDao} alone: nothing else writes an audit
 * event but through {@link AuditEventDao#insert}, which links it into the chain ({@code
 * ArchitectureTest} holds that). Public only because JDBI's proxies must reach it.
 */
@RegisterRowMapper(ChainHeadMapper.class)
@RegisterRowMapper(AuditEventRowMapper.class)
public interface AuditChainStatements {

  /**
   * The head, locked until the transaction ends: every writer of an audit event, on any instance,
   * takes this lock first, so appends happen one after another in one order.
   */
  @SqlQuery("SELECT last_seq, last_hash FROM audit_chain_head WHERE id = 1 FOR UPDATE")
  ChainHead lockHead();

  @SqlUpdate(
      """
            INSERT INTO audit_events
                (id, coordinator_request_id, event_type, actor_id, occurred_at, note,
                 chain_seq, previous_hash, event_hash)
            VALUES (:id, :coordinatorRequestId, :eventType, :actorId, :occurredAt, :note,
                    :sequence, :previousHash, :hash)
            """)
  void insertLinked(
      @BindMethods AuditEventRow event, long sequence, String previousHash, String hash);

  @SqlUpdate("UPDATE audit_chain_head SET last_seq = :sequence, last_hash = :hash WHERE id = 1")
  void advanceHead(long sequence, String hash);

  /** Events written before the chain existed, in the order they happened. */
  @SqlQuery(
      """
            SELECT * FROM audit_events WHERE chain_seq IS NULL
            ORDER BY occurred_at,
                     CASE event_type WHEN 'SUBMITTED' THEN 0 WHEN 'REDEEMED' THEN 2 ELSE 1 END,
                     id
            """)
  List<AuditEventRow> unchained();

  /**
   * Links an event written before the chain existed; fills only empty chain columns, never the
   * content of the event.
   */
  @SqlUpdate(
      """
            UPDATE audit_events
            SET chain_seq = :sequence, previous_hash = :previousHash, event_hash = :hash
            WHERE id = :id AND chain_seq IS NULL
            """)
  int linkUnchained(String id, long sequence, String previousHash, String hash);
}
