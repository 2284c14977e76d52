package io.causality.sim.db;

import io.causality.common.db.Timestamps;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.UUID;
import org.jdbi.v3.core.mapper.RowMapper;
import org.jdbi.v3.core.statement.StatementContext;

/**
 * Maps {@code simulations} rows selected with {@link #COLUMNS}: every column but the scenario,
 * which maps to a row whose {@code scenarioJson} is null. The scenario is the one large value,
 * written once in a row of its own ({@code simulation_scenarios}), and read only to rebuild an
 * engine instance ({@link SimulationDao#scenarioOf}).
 */
public final class SimulationRowMapper implements RowMapper<SimulationRow> {
  /** The columns mapped (a new column of {@code simulations} goes here too). */
  public static final String COLUMNS =
      "id, organization_id, scenario_id, engine_version, status, ticks_computed, input_count, "
          + "speed, state_json, created_at, updated_at, version, player, gamma_window";

  @Override
  public SimulationRow map(ResultSet rs, StatementContext ctx) throws SQLException {
    return new SimulationRow(
        rs.getObject("id", UUID.class),
        rs.getObject("organization_id", UUID.class),
        rs.getString("scenario_id"),
        null,
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
