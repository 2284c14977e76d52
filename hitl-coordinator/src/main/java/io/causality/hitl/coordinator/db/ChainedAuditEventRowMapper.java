package io.causality.hitl.coordinator.db;

import java.sql.ResultSet;
import java.sql.SQLException;
import org.jdbi.v3.core.mapper.RowMapper;
import org.jdbi.v3.core.statement.StatementContext;

/** Maps {@code audit_events} rows with their chain columns. */
public final class ChainedAuditEventRowMapper implements RowMapper<ChainedAuditEventRow> {
  private final AuditEventRowMapper events = new AuditEventRowMapper();

  @Override
  public ChainedAuditEventRow map(ResultSet rs, StatementContext ctx) throws SQLException {
    long sequence = rs.getLong("chain_seq");
    return new ChainedAuditEventRow(
        rs.wasNull() ? null : sequence,
        events.map(rs, ctx),
        rs.getString("previous_hash"),
        rs.getString("event_hash"));
  }
}
