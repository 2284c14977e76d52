package io.causality.hitl.coordinator.db;

import static io.causality.common.db.Timestamps.instant;

import java.sql.ResultSet;
import java.sql.SQLException;
import org.jdbi.v3.core.mapper.RowMapper;
import org.jdbi.v3.core.statement.StatementContext;

/** Maps {@code issued_tokens} rows. */
public final class IssuedTokenRowMapper implements RowMapper<IssuedTokenRow> {

  @Override
  public IssuedTokenRow map(ResultSet rs, StatementContext ctx) throws SQLException {
    return new IssuedTokenRow(
        rs.getString("token_id"),
        rs.getString("coordinator_request_id"),
        rs.getString("key_id"),
        rs.getString("payload"),
        rs.getString("signature"),
        instant(rs, "issued_at"),
        instant(rs, "expires_at"),
        instant(rs, "redeemed_at"));
  }
}
