package io.causality.sim.db;

import io.causality.common.db.Parameters;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Optional;
import java.util.UUID;
import org.jdbi.v3.core.Jdbi;

/**
 * An organization's license tier, in plain JDBC on a JDBI handle's connection: the one column that
 * every create, create-and-run and player's batch reads to find its limits.
 *
 * <p>Why not {@link LicenseDao#findByOrganization}: reading the whole license through a SqlObject
 * was a quarter of a create-and-run's time before its answer in a profile, three quarters of it
 * JDBI's per-call machinery (docs/performance.md, "Simulation HTTP", change 8).
 */
public final class LicenseTiers {
  private static final String SQL = "SELECT tier FROM licenses WHERE organization_id = ?";

  private final Jdbi jdbi;

  public LicenseTiers(Jdbi jdbi) {
    this.jdbi = jdbi;
  }

  /** The tier's wire name; empty when the organization has no license. */
  public Optional<String> tierOf(UUID organization) {
    try {
      return jdbi.withHandle(
          handle -> {
            try (PreparedStatement statement = handle.getConnection().prepareStatement(SQL)) {
              Parameters.bind(statement, 1, organization);
              try (ResultSet row = statement.executeQuery()) {
                return row.next() ? Optional.of(row.getString(1)) : Optional.empty();
              }
            }
          });
    } catch (SQLException e) {
      throw new IllegalStateException("Reading the license of " + organization + " failed", e);
    }
  }
}
