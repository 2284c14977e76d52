package io.causality.sim.db;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.UUID;
import org.jdbi.v3.core.mapper.RowMapper;
import org.jdbi.v3.core.statement.StatementContext;

/** Maps a row of {@code experiment_runs}; {@link #COLUMNS} leave the series out. */
public final class ExperimentRunRowMapper implements RowMapper<ExperimentRunRow> {
  /** Every column but the series, which only the aggregation reads. */
  public static final String COLUMNS =
      "experiment_id, run_index, status, seed, final_b, losses, paradoxes, ticks_to_breach, "
          + "simulation_id, error";

  @Override
  public ExperimentRunRow map(ResultSet rs, StatementContext ctx) throws SQLException {
    return new ExperimentRunRow(
        rs.getObject("experiment_id", UUID.class),
        rs.getInt("run_index"),
        rs.getString("status"),
        rs.getLong("seed"),
        rs.getObject("final_b", Double.class),
        rs.getObject("losses", Integer.class),
        rs.getObject("paradoxes", Integer.class),
        rs.getObject("ticks_to_breach", Long.class),
        null,
        rs.getObject("simulation_id", UUID.class),
        rs.getString("error"));
  }
}
