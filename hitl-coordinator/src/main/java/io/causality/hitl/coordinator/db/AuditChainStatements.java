package io.causality.hitl.coordinator.db;

import java.util.List;
import org.jdbi.v3.sqlobject.config.RegisterRowMapper;
import org.jdbi.v3.sqlobject.statement.SqlQuery;
import org.jdbi.v3.sqlobject.statement.SqlUpdate;

/**
 * The statements that link the events written before the chain existed, once, for {@link
 * AuditEventDao} alone: nothing else writes an audit event but through {@link AuditAppend}, which
 * links it into the chain ({@code ArchitectureTest} holds that). Public only because JDBI's proxies
 * must reach it.
 */
@RegisterRowMapper(AuditEventRowMapper.class)
public interface AuditChainStatements {

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

  /** Whether the one-time linking of the events written before the chain has run. */
  @SqlQuery("SELECT legacy_linked FROM audit_chain_head WHERE id = 1")
  boolean legacyLinked();

  /** Records that the one-time linking has run: unchained events found later stop the start. */
  @SqlUpdate("UPDATE audit_chain_head SET legacy_linked = TRUE WHERE id = 1")
  int markLegacyLinked();
}
