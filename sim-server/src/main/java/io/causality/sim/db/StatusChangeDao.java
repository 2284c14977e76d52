package io.causality.sim.db;

import java.util.List;
import java.util.UUID;
import org.jdbi.v3.sqlobject.config.RegisterRowMapper;
import org.jdbi.v3.sqlobject.customizer.BindMethods;
import org.jdbi.v3.sqlobject.statement.SqlQuery;
import org.jdbi.v3.sqlobject.statement.SqlUpdate;

/** The status changes of simulations, in order; written with the change they record. */
@RegisterRowMapper(StatusChangeRowMapper.class)
public interface StatusChangeDao {
  @SqlUpdate(
      """
      INSERT INTO simulation_status_changes (simulation_id, seq, tick, input_count, status,
                                             previous, reason, speed, created_at)
      VALUES (:simulationId, :seq, :tick, :inputCount, :status, :previous, :reason, :speed,
              :createdAt)
      """)
  void insert(@BindMethods StatusChangeRow row);

  /** The next seq; the primary key refuses a second writer that read the same one. */
  @SqlQuery(
      """
      SELECT COALESCE(MAX(seq) + 1, 0) FROM simulation_status_changes
      WHERE simulation_id = :simulationId
      """)
  int nextSeq(UUID simulationId);

  /** Journals a change as the simulation's next one (in the caller's transaction). */
  default StatusChangeRow append(StatusChangeRow change) {
    StatusChangeRow numbered = change.withSeq(nextSeq(change.simulationId()));
    insert(numbered);
    return numbered;
  }

  /** The changes made while the simulation stood before tick {@code tick}. */
  @SqlQuery(
      """
      SELECT * FROM simulation_status_changes WHERE simulation_id = :simulationId AND tick = :tick
      ORDER BY seq
      """)
  List<StatusChangeRow> atTick(UUID simulationId, long tick);

  @SqlQuery(
      """
      SELECT * FROM simulation_status_changes WHERE simulation_id = :simulationId AND tick <= :maxTick
      ORDER BY seq
      """)
  List<StatusChangeRow> upTo(UUID simulationId, long maxTick);
}
