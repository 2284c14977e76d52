package io.causality.sim.db;

import java.util.List;
import java.util.UUID;
import org.jdbi.v3.sqlobject.config.RegisterRowMapper;
import org.jdbi.v3.sqlobject.customizer.Bind;
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

  @SqlQuery("SELECT * FROM simulation_inputs WHERE simulation_id = :id ORDER BY seq")
  List<InputRow> all(@Bind("id") UUID simulationId);

  /** The inputs submitted while the simulation stood before tick {@code tick}, in order. */
  @SqlQuery(
      """
      SELECT * FROM simulation_inputs WHERE simulation_id = :id AND tick = :tick ORDER BY seq
      """)
  List<InputRow> atTick(@Bind("id") UUID simulationId, @Bind("tick") long tick);

  /** {@code direction} is ASC or DESC, chosen by the caller from a closed set. */
  @SqlQuery(
      """
      SELECT * FROM simulation_inputs WHERE simulation_id = :id AND kind = 'decree'
      ORDER BY seq <direction> LIMIT :limit OFFSET :offset
      """)
  List<InputRow> decrees(
      @Bind("id") UUID simulationId,
      @Define("direction") String direction,
      @Bind("limit") int limit,
      @Bind("offset") long offset);

  @SqlQuery(
      """
      SELECT COUNT(*) FROM simulation_inputs WHERE simulation_id = :id AND kind = 'decree'
      """)
  long countDecrees(@Bind("id") UUID simulationId);
}
