package io.causality.sim.db;

import io.causality.common.db.Timestamps;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.UUID;
import org.jdbi.v3.core.mapper.RowMapper;
import org.jdbi.v3.core.statement.StatementContext;

/** Maps the {@code experiments} columns of an {@link ExperimentRow}. */
public final class ExperimentRowMapper implements RowMapper<ExperimentRow> {
  /** The columns to select: all but the scenario. */
  public static final String COLUMNS =
      "id, organization_id, status, scenario_id, engine_version, plan_json, total_runs, "
          + "chunk_size, runs_done, runs_failed, event_seq, created_at, updated_at, finished_at";

  @Override
  public ExperimentRow map(ResultSet rs, StatementContext ctx) throws SQLException {
    return new ExperimentRow(
        rs.getObject("id", UUID.class),
        rs.getObject("organization_id", UUID.class),
        rs.getString("status"),
        rs.getString("scenario_id"),
        rs.getString("engine_version"),
        rs.getString("plan_json"),
        rs.getInt("total_runs"),
        rs.getInt("chunk_size"),
        rs.getInt("runs_done"),
        rs.getInt("runs_failed"),
        rs.getLong("event_seq"),
        Timestamps.instant(rs, "created_at"),
        Timestamps.instant(rs, "updated_at"),
        Timestamps.instant(rs, "finished_at"));
  }
}
