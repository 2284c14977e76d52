package io.causality.sim.db;

import io.causality.common.db.Parameters;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Optional;
import java.util.UUID;
import org.jdbi.v3.core.Jdbi;

/**
 * Reads what a step needs before it computes, in one plain JDBC query: the simulation's row without
 * its scenario ({@link SimulationRowMapper#COLUMNS}; the engine instance is usually in memory
 * already) and its organization's license tier. Every other read of one simulation's row uses it
 * too, so that none copies a scenario of 100,000 agents (megabytes) it does not need.
 *
 * <p>Why not {@link SimulationDao#find} and {@link LicenseDao}: a step read the row twice (the
 * access check, then under the lock) and the license once, each through JDBI's per-call machinery,
 * and on H2 the scenario's CLOB was copied into temporary LOB storage on every read: together more
 * than a quarter of a step's time below its resource method in a profile (docs/performance.md,
 * "Simulation HTTP", change 8).
 */
public final class SimulationToAdvance {
  /** The row (its {@code scenarioJson} null) and the tier's wire name, null without a license. */
  public record Found(SimulationRow row, String tier) {}

  private static final String SQL =
      "SELECT "
          + prefixed("s.", SimulationRowMapper.COLUMNS)
          + ", l.tier AS license_tier FROM simulations s"
          + " LEFT JOIN licenses l ON l.organization_id = s.organization_id WHERE s.id = ?";
  private static final SimulationRowMapper MAPPER = new SimulationRowMapper();

  private final Jdbi jdbi;

  public SimulationToAdvance(Jdbi jdbi) {
    this.jdbi = jdbi;
  }

  public Optional<Found> find(UUID id) {
    try {
      return jdbi.withHandle(handle -> find(handle.getConnection(), id));
    } catch (SQLException e) {
      throw new IllegalStateException("Reading simulation " + id + " failed", e);
    }
  }

  private static Optional<Found> find(Connection connection, UUID id) throws SQLException {
    try (PreparedStatement statement = connection.prepareStatement(SQL)) {
      Parameters.bind(statement, 1, id);
      try (ResultSet rs = statement.executeQuery()) {
        if (!rs.next()) {
          return Optional.empty();
        }
        return Optional.of(new Found(MAPPER.map(rs, null), rs.getString("license_tier")));
      }
    }
  }

  /** {@code a, b} as {@code s.a, s.b}: the join has columns of the same names. */
  private static String prefixed(String prefix, String columns) {
    return prefix + columns.replace(", ", ", " + prefix);
  }
}
