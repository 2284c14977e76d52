package io.causality.sim.db;

import io.causality.common.db.Timestamps;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.UUID;
import org.jdbi.v3.core.mapper.RowMapper;
import org.jdbi.v3.core.statement.StatementContext;

/** Maps {@code simulation_inputs} rows. */
public final class InputRowMapper implements RowMapper<InputRow> {
  @Override
  public InputRow map(ResultSet rs, StatementContext ctx) throws SQLException {
    return new InputRow(
        rs.getObject("simulation_id", UUID.class),
        rs.getInt("seq"),
        rs.getObject("id", UUID.class),
        rs.getLong("tick"),
        rs.getString("kind"),
        rs.getString("type"),
        rs.getString("input_json"),
        Timestamps.instant(rs, "created_at"));
  }
}
