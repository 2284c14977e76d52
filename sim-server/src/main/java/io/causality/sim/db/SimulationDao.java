package io.causality.sim.db;

import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.jdbi.v3.sqlobject.config.RegisterRowMapper;
import org.jdbi.v3.sqlobject.customizer.Bind;
import org.jdbi.v3.sqlobject.customizer.BindList;
import org.jdbi.v3.sqlobject.customizer.BindMethods;
import org.jdbi.v3.sqlobject.statement.SqlQuery;
import org.jdbi.v3.sqlobject.statement.SqlUpdate;

/** Simulations. Progress is written with a condition on the old progress, so two writers
 * (threads or instances) can never both advance the same simulation from the same tick. */
@RegisterRowMapper(SimulationRowMapper.class)
public interface SimulationDao {
  @SqlUpdate("""
      INSERT INTO simulations (id, organization_id, scenario_id, scenario_json, engine_version,
                               status, ticks_computed, input_count, speed, state_json, created_at,
                               updated_at)
      VALUES (:id, :organizationId, :scenarioId, :scenarioJson, :engineVersion, :status,
              :ticksComputed, :inputCount, :speed, :stateJson, :createdAt, :updatedAt)
      """)
  void insert(@BindMethods SimulationRow row);

  @SqlQuery("SELECT * FROM simulations WHERE id = :id")
  Optional<SimulationRow> find(@Bind("id") UUID id);

  @SqlQuery("""
      SELECT * FROM simulations WHERE organization_id IN (<organizations>)
      ORDER BY created_at DESC, id DESC LIMIT :limit OFFSET :offset
      """)
  List<SimulationRow> page(@BindList("organizations") Collection<UUID> organizations,
      @Bind("limit") int limit, @Bind("offset") int offset);

  @SqlQuery("SELECT COUNT(*) FROM simulations WHERE organization_id IN (<organizations>)")
  long count(@BindList("organizations") Collection<UUID> organizations);

  /** The simulations in a status: at startup, those a stopped process left running. */
  @SqlQuery("SELECT id FROM simulations WHERE status = :status ORDER BY id")
  List<UUID> idsWithStatus(@Bind("status") String status);

  /** Advances from {@code fromTick}; 0 rows means another writer got there first. */
  @SqlUpdate("""
      UPDATE simulations SET ticks_computed = :toTick, status = :status, state_json = :state,
                             updated_at = :now
      WHERE id = :id AND ticks_computed = :fromTick AND input_count = :inputCount
      """)
  int advance(@Bind("id") UUID id, @Bind("fromTick") long fromTick,
      @Bind("inputCount") int inputCount, @Bind("toTick") long toTick,
      @Bind("status") String status, @Bind("state") String stateJson, @Bind("now") Instant now);

  /** Counts one more input; 0 rows means the simulation moved on meanwhile. */
  @SqlUpdate("""
      UPDATE simulations SET input_count = input_count + 1, updated_at = :now
      WHERE id = :id AND input_count = :inputCount AND ticks_computed = :ticksComputed
      """)
  int addInput(@Bind("id") UUID id, @Bind("inputCount") int inputCount,
      @Bind("ticksComputed") long ticksComputed, @Bind("now") Instant now);

  @SqlUpdate("UPDATE simulations SET status = :status, speed = :speed, updated_at = :now "
      + "WHERE id = :id AND status = :fromStatus")
  int changeStatus(@Bind("id") UUID id, @Bind("fromStatus") String fromStatus,
      @Bind("status") String status, @Bind("speed") double speed, @Bind("now") Instant now);
}
