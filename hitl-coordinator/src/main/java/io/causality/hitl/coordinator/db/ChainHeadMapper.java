package io.causality.hitl.coordinator.db;

import java.sql.ResultSet;
import java.sql.SQLException;
import org.jdbi.v3.core.mapper.RowMapper;
import org.jdbi.v3.core.statement.StatementContext;

/** Maps the one row of {@code audit_chain_head}. */
public final class ChainHeadMapper implements RowMapper<ChainHead> {
  @Override
  public ChainHead map(ResultSet rs, StatementContext ctx) throws SQLException {
    return new ChainHead(rs.getLong("last_seq"), rs.getString("last_hash"));
  }
}
