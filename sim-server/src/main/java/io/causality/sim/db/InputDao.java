package io.causality.sim.db;

import java.util.List;
import java.util.UUID;
import org.jdbi.v3.sqlobject.config.RegisterRowMapper;
import org.jdbi.v3.sqlobject.customizer.BindMethods;
import org.jdbi.v3.sqlobject.customizer.Define;
import org.jdbi.v3.sqlobject.statement.SqlQuery;
import org.jdbi.v3.sqlobject.statement.SqlUpdate;

/** The inputs of simulations; decrees are the inputs of kind {@code decree}. */
@RegisterRowMapper(InputRowMapper.class)
public interface InputDao {
  @SqlUpdate(
      """
      INSERT INTO simulation_inputs (simulation_id, seq, id, tick, kind, type, input_json,
                                     created_at)
      VALUES (:simulationId, :seq, :id, :tick, :kind, :type, :inputJson, :createdAt)
      """)
  void insert(@BindMethods InputRow row);

  @SqlQuery("SELECT * FROM simulation_inputs WHERE simulation_id = :simulationId ORDER BY seq")
  List<InputRow> all(UUID simulationId);

  /** The inputs submitted while the simulation stood before tick {@code tick}, in order. */
  @SqlQuery(
      """
      SELECT * FROM simulation_inputs WHERE simulation_id = :simulationId AND tick = :tick ORDER BY seq
      """)
  List<InputRow> atTick(UUID simulationId, long tick);

  /** {@code direction} is ASC or DESC, chosen by the caller from a closed set. */
  @SqlQuery(
      """
      SELECT * FROM simulation_inputs WHERE simulation_id = :simulationId AND kind = 'decree'
      ORDER BY seq <direction> LIMIT :limit OFFSET :offset
      """)
  List<InputRow> decrees(
      UUID simulationId, @Define("direction") String direction, int limit, long offset);

  @SqlQuery(
      """
      SELECT COUNT(*) FROM simulation_inputs WHERE simulation_id = :simulationId AND kind = 'decree'
      """)
  long countDecrees(UUID simulationId);
}
