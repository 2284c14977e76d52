package io.causality.hitl.coordinator.db;

import java.util.List;
import org.jdbi.v3.sqlobject.config.RegisterRowMapper;
import org.jdbi.v3.sqlobject.customizer.BindMethods;
import org.jdbi.v3.sqlobject.statement.SqlQuery;
import org.jdbi.v3.sqlobject.statement.SqlUpdate;

/**
 * The audit trail. Insert and read only: there is deliberately no update or delete, and the schema
 * allows each event type once per request.
 */
@RegisterRowMapper(AuditEventRowMapper.class)
public interface AuditEventDao {

  @SqlUpdate(
      """
            INSERT INTO audit_events
                (id, coordinator_request_id, event_type, actor_id, occurred_at, note)
            VALUES (:id, :coordinatorRequestId, :eventType, :actorId, :occurredAt, :note)
            """)
  void insert(@BindMethods AuditEventRow event);

  /** A request's trail in lifecycle order (time, then the order transitions can happen). */
  @SqlQuery(
      """
            SELECT * FROM audit_events
            WHERE coordinator_request_id = :coordinatorRequestId
            ORDER BY occurred_at,
                     CASE event_type WHEN 'SUBMITTED' THEN 0 WHEN 'REDEEMED' THEN 2 ELSE 1 END
            """)
  List<AuditEventRow> listFor(String coordinatorRequestId);
}
