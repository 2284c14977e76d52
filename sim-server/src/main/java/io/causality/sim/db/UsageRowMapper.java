package io.causality.sim.db;

import io.causality.common.db.Timestamps;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.UUID;
import org.jdbi.v3.core.mapper.RowMapper;
import org.jdbi.v3.core.statement.StatementContext;

/** Maps {@code usage_periods} rows. */
public final class UsageRowMapper implements RowMapper<UsageRow> {
  @Override
  public UsageRow map(ResultSet rs, StatementContext ctx) throws SQLException {
    return new UsageRow(
        rs.getObject("organization_id", UUID.class),
        Timestamps.instant(rs, "period_start"),
        Timestamps.instant(rs, "period_end"),
        rs.getLong("simulation_runs"),
        rs.getLong("api_calls"),
        rs.getLong("tick_count"));
  }
}
