package io.causality.sim.experiments;

import com.github.kagkarlsson.scheduler.Scheduler;
import com.github.kagkarlsson.scheduler.SchedulerName;
import com.github.kagkarlsson.scheduler.jdbc.AutodetectJdbcCustomization;
import com.github.kagkarlsson.scheduler.jdbc.JdbcCustomization;
import com.github.kagkarlsson.scheduler.task.FailureHandler;
import com.github.kagkarlsson.scheduler.task.helper.OneTimeTask;
import com.github.kagkarlsson.scheduler.task.helper.Tasks;
import io.causality.sim.config.ExperimentsConfig;
import io.causality.sim.core.experiments.ExperimentWork;
import io.dropwizard.lifecycle.Managed;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;
import javax.sql.DataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * This instance's workers (docs/architecture.md, "Experiments"): a db-scheduler {@link Scheduler}
 * on the service's database, with {@code experiments.workers} threads of the lowest priority, which
 * claims queued chunks of runs and aggregations from {@code scheduled_tasks} with every other
 * instance's. A claimed task's heartbeat is its lease: when an instance dies, its tasks' heartbeats
 * stop and, {@code missedHeartbeats} intervals later, another instance's scheduler gives them to a
 * worker again ({@code ReviveDeadExecution}). A task that fails (the database away) is retried with
 * a growing wait; one cut short by a stop is retried at once by whoever comes first.
 */
public final class ExperimentWorkers implements Managed {
  private static final Logger LOG = LoggerFactory.getLogger(ExperimentWorkers.class);
  private static final Duration FIRST_RETRY = Duration.ofSeconds(1);

  private final Scheduler scheduler;
  private final int workers;

  public ExperimentWorkers(
      DataSource pool,
      ExperimentWork work,
      ExperimentQueue queue,
      ExperimentsConfig config,
      InteractiveFirst pacer) {
    this.workers = config.buildWorkerCount();
    this.scheduler = workers == 0 ? null : scheduler(pool, work, config, pacer, workers);
    if (scheduler != null) {
      queue.wakeWith(scheduler::triggerCheckForDueExecutions);
    }
  }

  private static Scheduler scheduler(
      DataSource pool,
      ExperimentWork work,
      ExperimentsConfig config,
      InteractiveFirst pacer,
      int workers) {
    OneTimeTask<Void> runs =
        Tasks.oneTime(ExperimentQueue.RUNS)
            .onFailure(new FailureHandler.ExponentialBackoffFailureHandler<>(FIRST_RETRY, 2))
            .execute(
                (instance, context) -> {
                  String id = instance.getId();
                  int slash = id.indexOf('/');
                  work.runChunk(
                      UUID.fromString(id.substring(0, slash)),
                      Integer.parseInt(id.substring(slash + 1)),
                      pacer,
                      () -> context.getSchedulerState().isShuttingDown());
                });
    OneTimeTask<Void> aggregate =
        Tasks.oneTime(ExperimentQueue.AGGREGATE)
            .onFailure(new FailureHandler.ExponentialBackoffFailureHandler<>(FIRST_RETRY, 2))
            .execute((instance, context) -> work.aggregate(UUID.fromString(instance.getId())));
    return Scheduler.create(pool, List.of(runs, aggregate))
        .schedulerName(new SchedulerName.Fixed("sim-" + UUID.randomUUID()))
        .threads(workers)
        .executorService(lowPriorityThreads(workers))
        .pollingInterval(config.getPollInterval().toJavaDuration())
        .heartbeatInterval(config.getHeartbeatInterval().toJavaDuration())
        .missedHeartbeatsLimit(config.getMissedHeartbeats())
        .jdbcCustomization(jdbcCustomization(pool))
        .shutdownMaxWait(Duration.ofSeconds(30))
        .build();
  }

  /** db-scheduler's own detection, with timestamps stored in UTC whatever the JVM's zone. */
  static JdbcCustomization jdbcCustomization(DataSource pool) {
    return new AutodetectJdbcCustomization(pool, true);
  }

  /**
   * Bounded and of the lowest priority: the operating system schedules interactive requests first
   * where it honours Java priorities; where it does not (Linux by default), the bound and the
   * {@link InteractiveFirst} pauses keep them first.
   */
  private static ExecutorService lowPriorityThreads(int workers) {
    AtomicInteger count = new AtomicInteger();
    ThreadFactory factory =
        runnable -> {
          Thread thread = new Thread(runnable, "experiment-worker-" + count.incrementAndGet());
          thread.setPriority(Thread.MIN_PRIORITY);
          thread.setDaemon(true);
          return thread;
        };
    return Executors.newFixedThreadPool(workers, factory);
  }

  @Override
  public void start() {
    if (scheduler == null) {
      LOG.info("experiments.workers is 0: this instance runs no experiment work");
      return;
    }
    scheduler.start();
    LOG.info("{} experiment workers started", workers);
  }

  /** Lets the workers finish or give back their runs (the chunk in hand is retried later). */
  @Override
  public void stop() {
    if (scheduler != null) {
      scheduler.stop();
    }
  }
}
