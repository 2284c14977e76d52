package io.causality.sim.db;

import io.causality.common.db.Timestamps;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.UUID;
import org.jdbi.v3.core.mapper.RowMapper;
import org.jdbi.v3.core.statement.StatementContext;

/** Maps {@code idempotency_keys} rows. */
public final class IdempotencyKeyRowMapper implements RowMapper<IdempotencyKeyRow> {
  @Override
  public IdempotencyKeyRow map(ResultSet rs, StatementContext ctx) throws SQLException {
    return new IdempotencyKeyRow(
        new IdempotencyScope(
            rs.getString("caller_identity"),
            rs.getString("method"),
            rs.getString("path"),
            rs.getString("idempotency_key")),
        rs.getString("request_hash"),
        IdempotencyKeyRow.State.valueOf(rs.getString("state")),
        rs.getObject("claim_id", UUID.class),
        (Integer) rs.getObject("response_status"),
        rs.getString("content_type"),
        rs.getBytes("response_body"),
        Timestamps.instant(rs, "created_at"),
        Timestamps.instant(rs, "expires_at"));
  }
}
