package io.causality.sim.db;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.UUID;
import org.jdbi.v3.core.mapper.RowMapper;
import org.jdbi.v3.core.statement.StatementContext;

/** Maps {@code simulations} rows. */
public final class SimulationRowMapper implements RowMapper<SimulationRow> {
  @Override
  public SimulationRow map(ResultSet rs, StatementContext ctx) throws SQLException {
    return new SimulationRow(
        rs.getObject("id", UUID.class),
        rs.getObject("organization_id", UUID.class),
        rs.getString("scenario_id"),
        rs.getString("scenario_json"),
        rs.getString("engine_version"),
        rs.getString("status"),
        rs.getLong("ticks_computed"),
        rs.getInt("input_count"),
        rs.getDouble("speed"),
        rs.getString("state_json"),
        Timestamps.instant(rs, "created_at"),
        Timestamps.instant(rs, "updated_at"),
        rs.getLong("version"),
        rs.getString("player"),
        rs.getString("gamma_window"));
  }
}
