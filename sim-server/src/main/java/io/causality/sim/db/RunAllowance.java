package io.causality.sim.db;

import io.causality.common.db.Parameters;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.UUID;
import org.jdbi.v3.core.Jdbi;

/**
 * What a create-and-run reads before it computes, in one plain JDBC query: its organization's
 * license tier and the runs its billing period has taken so far.
 *
 * <p>Why not {@link LicenseTiers} and {@link UsageDao#find}: two reads, each on a connection of its
 * own, the second through JDBI's per-call SqlObject machinery (an extension handler built on every
 * call), were about an eighth of a create-and-run's server time in a profile (docs/performance.md,
 * "Simulation HTTP").
 */
public final class RunAllowance {
  /** The tier's wire name (null without a license) and the period's runs (0 without its row). */
  public record Found(String tier, long runsTaken) {}

  private static final String SQL =
      "SELECT (SELECT tier FROM licenses WHERE organization_id = ?),"
          + " (SELECT simulation_runs FROM usage_periods"
          + " WHERE organization_id = ? AND period_start = ?)";

  private final Jdbi jdbi;

  public RunAllowance(Jdbi jdbi) {
    this.jdbi = jdbi;
  }

  /** The tier and the runs taken in the billing period that starts at {@code periodStart}. */
  public Found find(UUID organization, Instant periodStart) {
    try {
      return jdbi.withHandle(
          handle -> {
            try (PreparedStatement statement = handle.getConnection().prepareStatement(SQL)) {
              Parameters.bind(statement, 1, organization, organization, periodStart);
              try (ResultSet row = statement.executeQuery()) {
                row.next();
                return new Found(row.getString(1), row.getLong(2));
              }
            }
          });
    } catch (SQLException e) {
      throw new IllegalStateException("Reading the license and usage of " + organization, e);
    }
  }
}
