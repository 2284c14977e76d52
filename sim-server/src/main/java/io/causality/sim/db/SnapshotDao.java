package io.causality.sim.db;

import java.util.Optional;
import java.util.UUID;
import org.jdbi.v3.sqlobject.config.RegisterConstructorMapper;
import org.jdbi.v3.sqlobject.statement.SqlQuery;

/** Engine snapshots of simulations, taken every few thousand ticks. */
public interface SnapshotDao {
  /** A snapshot as stored: the tick it was taken before, and the engine's bytes. */
  record Snapshot(long tick, byte[] bytes) {}

  @SqlQuery(
      """
      SELECT tick, snapshot AS bytes FROM simulation_snapshots
      WHERE simulation_id = :simulationId AND tick <= :maxTick
      ORDER BY tick DESC LIMIT 1
      """)
  @RegisterConstructorMapper(Snapshot.class)
  Optional<Snapshot> latest(UUID simulationId, long maxTick);
}
