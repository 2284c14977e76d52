package io.causality.sim.db;

import io.causality.common.db.Timestamps;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.UUID;
import org.jdbi.v3.core.mapper.RowMapper;
import org.jdbi.v3.core.statement.StatementContext;

/** Maps the {@code simulations} columns a {@link SimulationSummary} holds. */
public final class SimulationSummaryMapper implements RowMapper<SimulationSummary> {
  /** The columns to select, so that a query reads no more than the summary needs. */
  public static final String COLUMNS =
      "id, organization_id, scenario_id, engine_version, "
          + "status, ticks_computed, state_json, created_at, label, note";

  @Override
  public SimulationSummary map(ResultSet rs, StatementContext ctx) throws SQLException {
    return new SimulationSummary(
        rs.getObject("id", UUID.class),
        rs.getObject("organization_id", UUID.class),
        rs.getString("scenario_id"),
        rs.getString("engine_version"),
        rs.getString("status"),
        rs.getLong("ticks_computed"),
        rs.getString("state_json"),
        Timestamps.instant(rs, "created_at"),
        rs.getString("label"),
        rs.getString("note"));
  }
}
