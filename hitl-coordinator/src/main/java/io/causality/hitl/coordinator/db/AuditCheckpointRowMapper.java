package io.causality.hitl.coordinator.db;

import static io.causality.common.db.Timestamps.instant;

import io.causality.hitl.protocol.wire.AuditCheckpoint;
import java.sql.ResultSet;
import java.sql.SQLException;
import org.jdbi.v3.core.mapper.RowMapper;
import org.jdbi.v3.core.statement.StatementContext;

/** Maps {@code audit_checkpoints} rows to the checkpoints they store. */
public final class AuditCheckpointRowMapper implements RowMapper<AuditCheckpoint> {
  @Override
  public AuditCheckpoint map(ResultSet rs, StatementContext ctx) throws SQLException {
    return new AuditCheckpoint(
        rs.getLong("chain_seq"),
        rs.getString("head_hash"),
        instant(rs, "signed_at"),
        rs.getString("key_id"),
        rs.getString("signature"));
  }
}
