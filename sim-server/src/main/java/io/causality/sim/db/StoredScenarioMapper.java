package io.causality.sim.db;

import java.nio.charset.StandardCharsets;
import java.sql.ResultSet;
import java.sql.SQLException;
import org.jdbi.v3.core.mapper.RowMapper;
import org.jdbi.v3.core.statement.StatementContext;

/**
 * A simulation's or an experiment's scenario JSON ({@link SimulationDao#scenarioOf}, {@link
 * ExperimentDao#scenarioOf}): from its own row ({@code own_row}, UTF-8 bytes); from the simulations
 * or experiments row ({@code in_row}) when an instance of the previous version created it
 * (changesets 039 and 040).
 */
public final class StoredScenarioMapper implements RowMapper<String> {
  @Override
  public String map(ResultSet rs, StatementContext ctx) throws SQLException {
    byte[] own = rs.getBytes("own_row");
    return own != null ? new String(own, StandardCharsets.UTF_8) : rs.getString("in_row");
  }

  /**
   * The same JSON as its UTF-8 bytes, as a rebuild parses and keeps it: at 100,000 agents, no 25.8
   * MB string made of the bytes only to be encoded back.
   */
  public static final class Bytes implements RowMapper<byte[]> {
    @Override
    public byte[] map(ResultSet rs, StatementContext ctx) throws SQLException {
      byte[] own = rs.getBytes("own_row");
      return own != null ? own : rs.getString("in_row").getBytes(StandardCharsets.UTF_8);
    }
  }
}
