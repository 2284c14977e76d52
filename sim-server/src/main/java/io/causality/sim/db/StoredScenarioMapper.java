package io.causality.sim.db;

import java.nio.charset.StandardCharsets;
import java.sql.ResultSet;
import java.sql.SQLException;
import org.jdbi.v3.core.mapper.RowMapper;
import org.jdbi.v3.core.statement.StatementContext;

/**
 * A simulation's scenario JSON ({@link SimulationDao#scenarioOf}): from its own row, in UTF-8
 * bytes; from the simulations row when an instance of the previous version created it (changeset
 * 039).
 */
public final class StoredScenarioMapper implements RowMapper<String> {
  @Override
  public String map(ResultSet rs, StatementContext ctx) throws SQLException {
    byte[] own = rs.getBytes("own_row");
    return own != null ? new String(own, StandardCharsets.UTF_8) : rs.getString("simulations_row");
  }
}
