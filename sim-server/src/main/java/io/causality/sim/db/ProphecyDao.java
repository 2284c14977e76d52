package io.causality.sim.db;

import java.util.List;
import java.util.UUID;
import org.jdbi.v3.sqlobject.config.RegisterConstructorMapper;
import org.jdbi.v3.sqlobject.customizer.Define;
import org.jdbi.v3.sqlobject.statement.SqlQuery;

/** Prophecies the engine published, in order. */
@RegisterConstructorMapper(ProphecyRow.class)
public interface ProphecyDao {
  /** {@code direction} is ASC or DESC, chosen by the caller from a closed set. */
  @SqlQuery(
      """
      SELECT id, simulation_id, seq, tick, data, created_at FROM prophecies
      WHERE simulation_id = :simulationId ORDER BY seq <direction> LIMIT :limit OFFSET :offset
      """)
  List<ProphecyRow> page(
      UUID simulationId, @Define("direction") String direction, int limit, long offset);

  @SqlQuery("SELECT COUNT(*) FROM prophecies WHERE simulation_id = :simulationId")
  long count(UUID simulationId);
}
