package io.causality.sim.db;

import io.causality.common.db.Timestamps;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.UUID;
import org.jdbi.v3.core.mapper.RowMapper;
import org.jdbi.v3.core.statement.StatementContext;

/** Maps {@code api_keys} rows. */
public final class ApiKeyRowMapper implements RowMapper<ApiKeyRow> {
  @Override
  public ApiKeyRow map(ResultSet rs, StatementContext ctx) throws SQLException {
    return new ApiKeyRow(
        rs.getObject("id", UUID.class),
        rs.getObject("organization_id", UUID.class),
        rs.getString("key_prefix"),
        rs.getString("scopes"),
        Timestamps.instant(rs, "created_at"),
        Timestamps.instant(rs, "revoked_at"));
  }
}
