package io.causality.sim.db;

import io.causality.common.db.Timestamps;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.UUID;
import org.jdbi.v3.core.mapper.RowMapper;
import org.jdbi.v3.core.statement.StatementContext;

/**
 * Maps {@code simulations} rows: every column ({@code SELECT *}), or every column but the scenario
 * ({@link #WITHOUT_SCENARIO}), which then maps to a row whose {@code scenarioJson} is null.
 */
public final class SimulationRowMapper implements RowMapper<SimulationRow> {
  /**
   * Every column but {@code scenario_json}, the one large column, which an advance needs only to
   * rebuild its engine instance (a new column of {@code simulations} goes here too).
   */
  public static final String WITHOUT_SCENARIO =
      "id, organization_id, scenario_id, engine_version, status, ticks_computed, input_count, "
          + "speed, state_json, created_at, updated_at, version, player, gamma_window";

  private final boolean withScenario;

  public SimulationRowMapper() {
    this(true);
  }

  private SimulationRowMapper(boolean withScenario) {
    this.withScenario = withScenario;
  }

  /** The mapper of rows selected with {@link #WITHOUT_SCENARIO}. */
  static SimulationRowMapper withoutScenario() {
    return new SimulationRowMapper(false);
  }

  @Override
  public SimulationRow map(ResultSet rs, StatementContext ctx) throws SQLException {
    return new SimulationRow(
        rs.getObject("id", UUID.class),
        rs.getObject("organization_id", UUID.class),
        rs.getString("scenario_id"),
        withScenario ? rs.getString("scenario_json") : null,
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
