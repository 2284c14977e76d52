package io.causality.sim.db;

import java.time.Instant;
import java.util.Optional;
import java.util.UUID;
import org.jdbi.v3.sqlobject.config.RegisterConstructorMapper;
import org.jdbi.v3.sqlobject.customizer.Bind;
import org.jdbi.v3.sqlobject.statement.SqlQuery;
import org.jdbi.v3.sqlobject.statement.SqlUpdate;

/** Engine snapshots of simulations, taken every few thousand ticks. */
public interface SnapshotDao {
  /** A snapshot as stored: the tick it was taken before, and the engine's bytes. */
  record Snapshot(long tick, byte[] bytes) {}

  @SqlUpdate(
      """
      INSERT INTO simulation_snapshots (simulation_id, tick, snapshot, created_at)
      VALUES (:id, :tick, :snapshot, :now)
      """)
  void insert(
      @Bind("id") UUID simulationId,
      @Bind("tick") long tick,
      @Bind("snapshot") byte[] snapshot,
      @Bind("now") Instant now);

  @SqlQuery(
      """
      SELECT tick, snapshot AS bytes FROM simulation_snapshots
      WHERE simulation_id = :id AND tick <= :maxTick
      ORDER BY tick DESC LIMIT 1
      """)
  @RegisterConstructorMapper(Snapshot.class)
  Optional<Snapshot> latest(@Bind("id") UUID simulationId, @Bind("maxTick") long maxTick);
}
