package io.causality.sim.db;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.jdbi.v3.core.statement.UnableToExecuteStatementException;
import org.jdbi.v3.sqlobject.config.RegisterRowMapper;
import org.jdbi.v3.sqlobject.statement.SqlQuery;
import org.jdbi.v3.sqlobject.statement.SqlUpdate;

/**
 * Usage counters per organization and billing period. Increments are relative ({@code x = x + n})
 * so that concurrent requests and several instances add up.
 */
@RegisterRowMapper(UsageRowMapper.class)
public interface UsageDao {
  @SqlQuery(
      """
      SELECT * FROM usage_periods
      WHERE organization_id = :organizationId AND period_start = :periodStart
      """)
  Optional<UsageRow> find(UUID organizationId, Instant periodStart);

  @SqlQuery(
      """
      SELECT * FROM usage_periods
      WHERE organization_id = :organizationId AND period_start >= :from
      ORDER BY period_start DESC
      """)
  List<UsageRow> since(UUID organizationId, Instant from);

  @SqlUpdate(
      """
      UPDATE usage_periods
      SET simulation_runs = simulation_runs + :runs, api_calls = api_calls + :calls,
          tick_count = tick_count + :ticks
      WHERE organization_id = :organizationId AND period_start = :periodStart
      """)
  int increment(UUID organizationId, Instant periodStart, long runs, long calls, long ticks);

  @SqlUpdate(
      """
      INSERT INTO usage_periods (organization_id, period_start, period_end, simulation_runs,
                                 api_calls, tick_count)
      VALUES (:organizationId, :periodStart, :periodEnd, :runs, :calls, :ticks)
      """)
  void insert(
      UUID organizationId,
      Instant periodStart,
      Instant periodEnd,
      long runs,
      long calls,
      long ticks);

  /**
   * Makes sure the period's row exists, in its own short transaction (not the caller's), so that
   * the counting updates that follow never need an insert. Two first requests of a period may race
   * to insert: the loser's duplicate key is the proof the row exists.
   */
  default void ensurePeriod(UUID organizationId, Instant periodStart, Instant periodEnd) {
    if (find(organizationId, periodStart).isPresent()) {
      return;
    }
    try {
      insert(organizationId, periodStart, periodEnd, 0, 0, 0);
    } catch (UnableToExecuteStatementException e) {
      if (find(organizationId, periodStart).isEmpty()) {
        throw e;
      }
    }
  }
}
