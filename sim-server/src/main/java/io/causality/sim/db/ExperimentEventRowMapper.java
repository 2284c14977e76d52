package io.causality.sim.db;

import io.causality.common.db.Timestamps;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.UUID;
import org.jdbi.v3.core.mapper.RowMapper;
import org.jdbi.v3.core.statement.StatementContext;

/** Maps a row of {@code experiment_events}. */
public final class ExperimentEventRowMapper implements RowMapper<ExperimentEventRow> {
  @Override
  public ExperimentEventRow map(ResultSet rs, StatementContext ctx) throws SQLException {
    return new ExperimentEventRow(
        rs.getObject("experiment_id", UUID.class),
        rs.getLong("seq"),
        rs.getString("name"),
        rs.getString("data"),
        Timestamps.instant(rs, "created_at"));
  }
}
