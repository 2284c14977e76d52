package io.causality.sim.db;

import java.util.List;
import java.util.Map;
import org.jdbi.v3.sqlobject.config.KeyColumn;
import org.jdbi.v3.sqlobject.config.RegisterConstructorMapper;
import org.jdbi.v3.sqlobject.config.ValueColumn;
import org.jdbi.v3.sqlobject.statement.SqlQuery;

/** What the metrics read from the database, at most once every few seconds (never per scrape). */
public interface MonitoringDao {
  /** Simulations by status, through the status index (changeset 037). */
  @SqlQuery("SELECT status, COUNT(*) AS simulations FROM simulations GROUP BY status")
  @KeyColumn("status")
  @ValueColumn("simulations")
  Map<String, Long> simulationsByStatus();

  /**
   * Tasks of one kind in db-scheduler's table, by whether a worker holds them and whether they
   * failed before and wait for their retry.
   *
   * @param task the task's name ({@link RunQueue#RUNS_TASK}, {@link RunQueue#AGGREGATE_TASK})
   */
  record QueuedTasks(String task, boolean picked, boolean retrying, long tasks) {}

  /**
   * The experiment work not done yet: db-scheduler deletes a one-time task's row when it succeeds,
   * so this reads the work in flight, however many experiments were run before.
   */
  @SqlQuery(
      """
      SELECT task_name AS task, picked,
             CASE WHEN consecutive_failures > 0 THEN TRUE ELSE FALSE END AS retrying,
             COUNT(*) AS tasks
      FROM scheduled_tasks
      GROUP BY task_name, picked, CASE WHEN consecutive_failures > 0 THEN TRUE ELSE FALSE END
      """)
  @RegisterConstructorMapper(QueuedTasks.class)
  List<QueuedTasks> queuedTasks();
}
