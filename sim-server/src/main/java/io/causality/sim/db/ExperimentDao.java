package io.causality.sim.db;

import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.jdbi.v3.sqlobject.config.RegisterConstructorMapper;
import org.jdbi.v3.sqlobject.config.RegisterRowMapper;
import org.jdbi.v3.sqlobject.customizer.BindList;
import org.jdbi.v3.sqlobject.customizer.BindMethods;
import org.jdbi.v3.sqlobject.statement.SqlBatch;
import org.jdbi.v3.sqlobject.statement.SqlQuery;
import org.jdbi.v3.sqlobject.statement.SqlUpdate;
import org.jdbi.v3.sqlobject.transaction.Transaction;

/**
 * Experiments, their events and aggregates. A new experiment and each chunk of runs are written by
 * {@link ExperimentWrites}, which counts their usage, and a chunk's runs are read by {@link
 * StoredRuns}; status changes here are conditional on the status read, so that two instances never
 * both make one.
 */
@RegisterRowMapper(ExperimentRowMapper.class)
@RegisterRowMapper(ExperimentEventRowMapper.class)
public interface ExperimentDao {

  @SqlQuery("SELECT " + ExperimentRowMapper.COLUMNS + " FROM experiments WHERE id = :id")
  Optional<ExperimentRow> find(UUID id);

  /**
   * The scenario, from its own row; from the experiments row for an experiment that an instance of
   * the previous version created (changeset 040).
   */
  @SqlQuery(
      """
      SELECT c.scenario_json AS own_row, e.scenario_json AS in_row FROM experiments e
      LEFT JOIN experiment_scenarios c ON c.experiment_id = e.id WHERE e.id = :id
      """)
  @RegisterRowMapper(StoredScenarioMapper.class)
  Optional<String> scenarioOf(UUID id);

  @SqlQuery(
      "SELECT "
          + ExperimentRowMapper.COLUMNS
          + """
       FROM experiments WHERE organization_id IN (<organizations>) AND status IN (<statuses>)
      ORDER BY created_at DESC, id DESC LIMIT :limit OFFSET :offset
      """)
  List<ExperimentRow> page(
      @BindList("organizations") Collection<UUID> organizations,
      @BindList("statuses") Collection<String> statuses,
      int limit,
      long offset);

  @SqlQuery(
      "SELECT COUNT(*) FROM experiments "
          + "WHERE organization_id IN (<organizations>) AND status IN (<statuses>)")
  long count(
      @BindList("organizations") Collection<UUID> organizations,
      @BindList("statuses") Collection<String> statuses);

  /** The organization's experiments that hold a place among its concurrent ones. */
  @SqlQuery(
      "SELECT COUNT(*) FROM experiments "
          + "WHERE organization_id = :organizationId AND status IN ('queued', 'running')")
  int active(UUID organizationId);

  @SqlQuery(
      """
      SELECT * FROM experiment_events WHERE experiment_id = :experimentId AND seq > :afterSeq
      ORDER BY seq LIMIT :limit
      """)
  List<ExperimentEventRow> eventsAfter(UUID experimentId, long afterSeq, int limit);

  @SqlQuery(
      """
      SELECT * FROM experiment_aggregates
      WHERE experiment_id = :experimentId AND combination >= :from AND combination < :to
      ORDER BY combination, series
      """)
  @RegisterConstructorMapper(ExperimentAggregateRow.class)
  List<ExperimentAggregateRow> aggregates(UUID experimentId, int from, int to);

  /** The chunks of one experiment that a worker holds now ({@code db-scheduler}'s table). */
  @SqlQuery(
      """
      SELECT task_instance FROM scheduled_tasks
      WHERE task_name = :taskName AND task_instance LIKE :prefix AND picked = TRUE
      """)
  List<String> pickedTasks(String taskName, String prefix);

  @SqlUpdate(
      """
      INSERT INTO experiment_events (experiment_id, seq, name, data, created_at)
      VALUES (:experimentId, :seq, :name, :data, :createdAt)
      """)
  void insertEvent(@BindMethods ExperimentEventRow event);

  @SqlUpdate(
      """
      UPDATE experiments SET status = :status, event_seq = event_seq + 1, updated_at = :now,
             finished_at = :finishedAt
      WHERE id = :id AND status IN (<from>)
      """)
  int changeStatus(
      UUID id,
      @BindList("from") Collection<String> from,
      String status,
      Instant now,
      Instant finishedAt);

  @SqlQuery("SELECT event_seq FROM experiments WHERE id = :id")
  long eventSeq(UUID id);

  /**
   * Moves the experiment from one of {@code from} to {@code status} with its event, or does nothing
   * (false) when another change came first. {@code finishedAt} is null unless the status is final.
   */
  @Transaction
  default boolean moveTo(
      UUID id,
      Collection<String> from,
      String status,
      String eventName,
      String eventData,
      Instant now,
      Instant finishedAt) {
    if (changeStatus(id, from, status, now, finishedAt) == 0) {
      return false;
    }
    insertEvent(new ExperimentEventRow(id, eventSeq(id), eventName, eventData, now));
    return true;
  }

  @SqlUpdate(
      "DELETE FROM experiment_aggregates "
          + "WHERE experiment_id = :experimentId AND combination = :combination")
  void deleteAggregates(UUID experimentId, int combination);

  @SqlBatch(
      """
      INSERT INTO experiment_aggregates (experiment_id, combination, series, stats)
      VALUES (:experimentId, :combination, :series, :stats)
      """)
  void insertAggregates(@BindMethods List<ExperimentAggregateRow> rows);

  /** One combination's aggregates, replacing any an interrupted aggregation left. */
  @Transaction
  default void replaceAggregates(
      UUID experimentId, int combination, List<ExperimentAggregateRow> rows) {
    deleteAggregates(experimentId, combination);
    insertAggregates(rows);
  }
}
