package io.causality.sim.metrics;

import io.causality.common.metrics.CachedValue;
import io.causality.common.metrics.MonitoringFactory;
import io.causality.sim.db.MonitoringDao;
import io.causality.sim.db.RunQueue;
import io.prometheus.metrics.core.metrics.GaugeWithCallback;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.jdbi.v3.core.Jdbi;

/**
 * {@code sim_experiment_tasks{task,state}}: the experiment work in the queue (docs/experiments.md),
 * by task ({@code runs}: a chunk of an experiment's runs; {@code aggregate}: its aggregation) and
 * state ({@code queued}: waiting for a worker; {@code running}: a worker holds it; {@code
 * retrying}: it failed and waits for its retry). Work queued with none running for minutes is
 * experiments stuck: no instance runs workers. Read at most once per {@code
 * monitoring.databaseGaugeInterval}; every instance of a shared database shows the same figures.
 */
public final class ExperimentGauges {
  static final List<String> STATES = List.of("queued", "running", "retrying");
  private static final Map<String, String> TASKS =
      Map.of(RunQueue.RUNS_TASK, "runs", RunQueue.AGGREGATE_TASK, "aggregate");

  private ExperimentGauges() {}

  /** Registers the gauge, every task and state shown (at zero when none is in it). */
  public static void register(
      PrometheusRegistry registry, Jdbi jdbi, MonitoringFactory monitoring) {
    MonitoringDao dao = jdbi.onDemand(MonitoringDao.class);
    CachedValue<List<MonitoringDao.QueuedTasks>> queued =
        monitoring.cached("experiment tasks", List.of(), dao::queuedTasks);
    GaugeWithCallback.builder()
        .name("sim_experiment_tasks")
        .help(
            "Experiment work in the queue by task (runs, aggregate) and state (queued, running,"
                + " retrying); read every few seconds, not per scrape")
        .labelNames("task", "state")
        .callback(
            callback ->
                byTaskAndState(queued.get())
                    .forEach(
                        (task, states) ->
                            states.forEach((state, n) -> callback.call(n, task, state))))
        .register(registry);
  }

  /** Task label, then state, then tasks; zeros for every pair; other kinds of task left out. */
  static Map<String, Map<String, Long>> byTaskAndState(List<MonitoringDao.QueuedTasks> rows) {
    Map<String, Map<String, Long>> all = new TreeMap<>();
    TASKS
        .values()
        .forEach(
            task -> {
              Map<String, Long> states = new TreeMap<>();
              STATES.forEach(state -> states.put(state, 0L));
              all.put(task, states);
            });
    for (MonitoringDao.QueuedTasks row : rows) {
      String task = TASKS.get(row.task());
      if (task != null) {
        all.get(task).merge(stateOf(row), row.tasks(), Long::sum);
      }
    }
    return all;
  }

  private static String stateOf(MonitoringDao.QueuedTasks row) {
    if (row.picked()) {
      return "running";
    }
    return row.retrying() ? "retrying" : "queued";
  }
}
