package io.causality.sim.db;

import io.causality.common.db.Parameters;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Optional;
import java.util.UUID;
import javax.sql.DataSource;

/**
 * Reads one simulation's summary, the whole database work of {@code GET /v1/simulations/{id}}, in
 * plain JDBC on a pooled connection.
 *
 * <p>Why not JDBI, as everywhere else: this is the service's most frequent read, and for a one-row
 * primary-key lookup JDBI's per-call machinery (a handle and a statement, each with its own copy of
 * the configuration, the statement context, the argument binding and the SQL logger's timer) cost a
 * quarter to a third of the endpoint's CPU time, measured by switching between the two in one
 * running server (docs/performance.md, "Simulation HTTP", change 6; the one read
 * docs/architecture.md, "Reading the database", lets bypass the SqlObjects). The row is still
 * mapped by the {@link SimulationSummaryMapper} JDBI uses for lists, which reads nothing from its
 * statement context.
 */
public final class SimulationSummaryQuery {
  private static final String SQL =
      "SELECT " + SimulationSummaryMapper.COLUMNS + " FROM simulations WHERE id = ?";
  private static final SimulationSummaryMapper MAPPER = new SimulationSummaryMapper();

  private final DataSource dataSource;

  public SimulationSummaryQuery(DataSource dataSource) {
    this.dataSource = dataSource;
  }

  public Optional<SimulationSummary> find(UUID id) {
    try (Connection connection = dataSource.getConnection();
        PreparedStatement statement = connection.prepareStatement(SQL)) {
      Parameters.bind(statement, 1, id);
      try (ResultSet row = statement.executeQuery()) {
        return row.next() ? Optional.of(MAPPER.map(row, null)) : Optional.empty();
      }
    } catch (SQLException e) {
      throw new IllegalStateException("Reading simulation " + id + " failed", e);
    }
  }
}
