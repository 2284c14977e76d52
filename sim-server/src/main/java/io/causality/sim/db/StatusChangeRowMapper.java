package io.causality.sim.db;

import io.causality.common.db.Timestamps;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.UUID;
import org.jdbi.v3.core.mapper.RowMapper;
import org.jdbi.v3.core.statement.StatementContext;

/** Maps {@code simulation_status_changes} rows. */
public final class StatusChangeRowMapper implements RowMapper<StatusChangeRow> {
  @Override
  public StatusChangeRow map(ResultSet rs, StatementContext ctx) throws SQLException {
    return new StatusChangeRow(
        rs.getObject("simulation_id", UUID.class),
        rs.getInt("seq"),
        rs.getLong("tick"),
        rs.getInt("input_count"),
        rs.getString("status"),
        rs.getString("previous"),
        rs.getString("reason"),
        rs.getDouble("speed"),
        Timestamps.instant(rs, "created_at"));
  }
}
