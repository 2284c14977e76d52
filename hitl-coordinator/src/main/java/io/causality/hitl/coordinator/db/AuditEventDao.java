package io.causality.hitl.coordinator.db;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import org.jdbi.v3.core.statement.UnableToExecuteStatementException;
import org.jdbi.v3.sqlobject.CreateSqlObject;
import org.jdbi.v3.sqlobject.SqlObject;
import org.jdbi.v3.sqlobject.config.RegisterRowMapper;
import org.jdbi.v3.sqlobject.customizer.BindList;
import org.jdbi.v3.sqlobject.customizer.BindMethods;
import org.jdbi.v3.sqlobject.statement.SqlQuery;
import org.jdbi.v3.sqlobject.transaction.Transaction;

/**
 * The audit trail, a hash chain (docs/coordinator-protocol.md, "Audit chain"). Insert and read
 * only: there is deliberately no update or delete, and the schema allows each event type once per
 * request. {@link #insert} is the only way an event is written, and it links the event into the
 * chain.
 */
@RegisterRowMapper(AuditEventRowMapper.class)
@RegisterRowMapper(ChainedAuditEventRowMapper.class)
@RegisterRowMapper(ChainHeadMapper.class)
@RegisterRowMapper(OrganizationAuditEventRow.Mapper.class)
public interface AuditEventDao extends SqlObject {

  @CreateSqlObject
  AuditChainStatements chain();

  /**
   * Appends an event to the chain, in the caller's transaction when there is one (every transition
   * of {@link OverrideRequestDao} and {@link IssuedTokenDao}): locks the head, hashes the event
   * after it, stores both, and queues the event for each webhook endpoint its {@link WebhookRoutes}
   * name, so that no event is committed without its deliveries. Concurrent writers, on any
   * instance, wait for the head. The work is {@link AuditAppend}'s, in plain JDBC on this handle's
   * connection, which the redemption's hot path ({@link RedemptionTransaction}) shares.
   *
   * @return the event as stored, with its place and hashes
   */
  @Transaction
  default ChainedAuditEventRow insert(AuditEventRow event) {
    try {
      return AuditAppend.append(
          getHandle().getConnection(),
          getHandle().getConfig(WebhookRoutes.class),
          getHandle().getConfig(AuditCheckpoints.class),
          event);
    } catch (SQLException e) {
      throw new UnableToExecuteStatementException("appending an audit event failed", e, null);
    }
  }

  /**
   * Links the events written before the chain existed (an upgraded database), in the order they
   * happened, after the current head, once: the first start of a version with checkpoints does it
   * and records that it has. After that, an unchained event can only have been written by SQL
   * outside the coordinator, and linking it would launder it into the chain: it is refused. Run at
   * start; another instance starting at once waits for the head and then finds nothing left.
   *
   * @return how many events were linked
   * @throws UnchainedAuditEventsException when unchained events are found after the one-time
   *     linking
   */
  @Transaction
  default int chainUnchained() {
    try {
      Connection connection = getHandle().getConnection();
      ChainHead head = AuditAppend.lockHead(connection);
      List<AuditEventRow> unchained = chain().unchained();
      if (chain().legacyLinked()) {
        if (!unchained.isEmpty()) {
          throw new UnchainedAuditEventsException(unchained);
        }
        return 0;
      }
      chain().markLegacyLinked();
      long sequence = head.sequence();
      String previous = head.hash();
      for (AuditEventRow event : unchained) {
        sequence++;
        String hash = AuditChain.hash(event, sequence, previous);
        chain().linkUnchained(event.id(), sequence, previous, hash);
        previous = hash;
      }
      if (!unchained.isEmpty()) {
        AuditAppend.advanceHead(connection, sequence, previous);
      }
      return unchained.size();
    } catch (SQLException e) {
      throw new UnableToExecuteStatementException("linking unchained audit events failed", e, null);
    }
  }

  /** A request's trail in lifecycle order (time, then the order transitions can happen). */
  @SqlQuery(
      """
            SELECT * FROM audit_events
            WHERE coordinator_request_id = :coordinatorRequestId
            ORDER BY occurred_at,
                     CASE event_type WHEN 'SUBMITTED' THEN 0 WHEN 'REDEEMED' THEN 2 ELSE 1 END
            """)
  List<AuditEventRow> listFor(String coordinatorRequestId);

  /** The head as committed, without a lock. */
  @SqlQuery("SELECT last_seq, last_hash FROM audit_chain_head WHERE id = 1")
  ChainHead head();

  /** Up to {@code limit} chained events after place {@code after}, in chain order. */
  @SqlQuery(
      """
            SELECT * FROM audit_events WHERE chain_seq > :after
            ORDER BY chain_seq LIMIT :limit
            """)
  List<ChainedAuditEventRow> chainAfter(long after, int limit);

  /** How many events have no place in the chain (none once the coordinator has started). */
  @SqlQuery("SELECT COUNT(*) FROM audit_events WHERE chain_seq IS NULL")
  long countUnchained();

  /**
   * The events of the reader's organizations: all, or those of the requests of the listed ones (the
   * events of a request of no organization, or of a purged request, are then left out).
   */
  String IN_SCOPE =
      " AND (:allOrganizations OR coordinator_request_id IN (SELECT coordinator_request_id"
          + " FROM override_requests WHERE requester_org IN (<organizations>)))";

  /** A page of the events that match, in chain order. */
  @SqlQuery(
      "SELECT * FROM audit_events WHERE "
          + AuditFilter.WHERE
          + IN_SCOPE
          + " ORDER BY chain_seq LIMIT :limit OFFSET :offset")
  List<ChainedAuditEventRow> page(
      @BindMethods AuditFilter filter,
      boolean allOrganizations,
      @BindList(onEmpty = BindList.EmptyHandling.NULL_STRING) List<String> organizations,
      int limit,
      long offset);

  /** How many events match. */
  @SqlQuery("SELECT COUNT(*) FROM audit_events WHERE " + AuditFilter.WHERE + IN_SCOPE)
  long count(
      @BindMethods AuditFilter filter,
      boolean allOrganizations,
      @BindList(onEmpty = BindList.EmptyHandling.NULL_STRING) List<String> organizations);

  /**
   * Up to {@code limit} chained events after place {@code after}, in chain order, each with the
   * organization of its request (null: none, or the request was purged).
   */
  @SqlQuery(
      """
            SELECT e.*, r.requester_org FROM audit_events e
            LEFT JOIN override_requests r ON r.coordinator_request_id = e.coordinator_request_id
            WHERE e.chain_seq > :after
            ORDER BY e.chain_seq LIMIT :limit
            """)
  List<OrganizationAuditEventRow> chainAfterWithOrganizations(long after, int limit);
}
