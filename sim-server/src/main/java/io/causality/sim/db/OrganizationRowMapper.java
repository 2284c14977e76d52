package io.causality.sim.db;

import io.causality.common.db.Timestamps;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.UUID;
import org.jdbi.v3.core.mapper.RowMapper;
import org.jdbi.v3.core.statement.StatementContext;

/** Maps {@code organizations} rows. */
public final class OrganizationRowMapper implements RowMapper<OrganizationRow> {
  @Override
  public OrganizationRow map(ResultSet rs, StatementContext ctx) throws SQLException {
    return new OrganizationRow(
        rs.getObject("id", UUID.class),
        rs.getString("name"),
        rs.getString("slug"),
        rs.getString("avatar_url"),
        Timestamps.instant(rs, "created_at"));
  }
}
