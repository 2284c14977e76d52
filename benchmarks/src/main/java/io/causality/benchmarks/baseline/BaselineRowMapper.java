package io.causality.benchmarks.baseline;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.util.UUID;
import org.jdbi.v3.core.mapper.RowMapper;
import org.jdbi.v3.core.statement.StatementContext;

/**
 * Maps the row by hand, as the simulation service's own mappers do: JDBI's reflective {@code
 * ConstructorMapper} specializes itself for every statement, a cost a tuned application avoids.
 */
public final class BaselineRowMapper implements RowMapper<BaselineRow> {
  @Override
  public BaselineRow map(ResultSet rs, StatementContext ctx) throws SQLException {
    return new BaselineRow(
        rs.getObject("id", UUID.class),
        rs.getObject("organization_id", UUID.class),
        rs.getString("scenario_id"),
        rs.getString("engine_version"),
        rs.getString("status"),
        rs.getLong("ticks_computed"),
        rs.getString("state_json"),
        rs.getObject("created_at", OffsetDateTime.class).toInstant());
  }
}
