package io.causality.sim.db;

import java.util.Optional;
import java.util.UUID;
import org.jdbi.v3.core.Jdbi;

/**
 * Finds one simulation by id: the lookups every simulation endpoint starts with, each reading only
 * the columns its caller needs (the scenario is a large CLOB that an access check does not need).
 * The GET's own read is {@link SimulationSummaryQuery}.
 *
 * <p>Written with JDBI's fluent API rather than as {@link SimulationDao} methods: each call of a
 * SqlObject method builds its handler and a copy of JDBI's configuration afresh, which a profile of
 * {@code GET /v1/simulations/{id}} showed as about half of the request's time. Inside transactions
 * that already use {@link SimulationDao}, its {@code find} is still the one to use.
 */
public final class SimulationLookup {
  private static final String FIND = "SELECT * FROM simulations WHERE id = :id";
  private static final String ORGANIZATION =
      "SELECT organization_id FROM simulations WHERE id = :id";
  private static final SimulationRowMapper ROW = new SimulationRowMapper();

  private final Jdbi jdbi;

  public SimulationLookup(Jdbi jdbi) {
    this.jdbi = jdbi;
  }

  /** The whole row: what replaying or advancing the simulation needs. */
  public Optional<SimulationRow> find(UUID id) {
    return jdbi.withHandle(handle -> handle.createQuery(FIND).bind("id", id).map(ROW).findOne());
  }

  /** Whose the simulation is: all an access check needs. */
  public Optional<UUID> organizationOf(UUID id) {
    return jdbi.withHandle(
        handle -> handle.createQuery(ORGANIZATION).bind("id", id).mapTo(UUID.class).findOne());
  }
}
