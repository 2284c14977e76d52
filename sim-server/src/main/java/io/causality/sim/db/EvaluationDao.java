package io.causality.sim.db;

import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.jdbi.v3.sqlobject.config.RegisterConstructorMapper;
import org.jdbi.v3.sqlobject.customizer.BindMethods;
import org.jdbi.v3.sqlobject.statement.SqlQuery;
import org.jdbi.v3.sqlobject.statement.SqlUpdate;

/** The evaluations of simulations against the state gate, newest first. */
@RegisterConstructorMapper(EvaluationRow.class)
public interface EvaluationDao {
  @SqlUpdate(
      """
      INSERT INTO simulation_evaluations (id, simulation_id, tick, decision, reason_code,
        actor_id, requested_by, submission_status, coordinator_request_id, submission_error,
        created_at)
      VALUES (:id, :simulationId, :tick, :decision, :reasonCode, :actorId, :requestedBy,
        :submissionStatus, :coordinatorRequestId, :submissionError, :createdAt)
      """)
  void insert(@BindMethods EvaluationRow row);

  @SqlQuery(
      """
      SELECT id, simulation_id, tick, decision, reason_code, actor_id, requested_by,
        submission_status, coordinator_request_id, submission_error, created_at
      FROM simulation_evaluations WHERE simulation_id = :simulationId
      ORDER BY created_at DESC, id DESC LIMIT :limit OFFSET :offset
      """)
  List<EvaluationRow> page(UUID simulationId, int limit, long offset);

  /** One evaluation of the simulation; empty when it has none with this id. */
  @SqlQuery(
      """
      SELECT id, simulation_id, tick, decision, reason_code, actor_id, requested_by,
        submission_status, coordinator_request_id, submission_error, created_at
      FROM simulation_evaluations WHERE simulation_id = :simulationId AND id = :id
      """)
  Optional<EvaluationRow> find(UUID simulationId, UUID id);

  @SqlQuery("SELECT COUNT(*) FROM simulation_evaluations WHERE simulation_id = :simulationId")
  long count(UUID simulationId);
}
