package io.causality.hitl.coordinator.db;

import static io.causality.common.db.Timestamps.instant;

import io.causality.hitl.protocol.wire.AuditEventType;
import java.sql.ResultSet;
import java.sql.SQLException;
import org.jdbi.v3.core.mapper.RowMapper;
import org.jdbi.v3.core.statement.StatementContext;

/** Maps {@code audit_events} rows. */
public final class AuditEventRowMapper implements RowMapper<AuditEventRow> {

  @Override
  public AuditEventRow map(ResultSet rs, StatementContext ctx) throws SQLException {
    return new AuditEventRow(
        rs.getString("id"),
        rs.getString("coordinator_request_id"),
        AuditEventType.valueOf(rs.getString("event_type")),
        rs.getString("actor_id"),
        instant(rs, "occurred_at"),
        rs.getString("note"),
        rs.getString("trace_parent"));
  }
}
