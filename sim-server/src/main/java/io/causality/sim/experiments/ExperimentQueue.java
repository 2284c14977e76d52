package io.causality.sim.experiments;

import com.github.kagkarlsson.scheduler.SchedulerClient;
import com.github.kagkarlsson.scheduler.exceptions.TaskInstanceException;
import com.github.kagkarlsson.scheduler.task.TaskDescriptor;
import com.github.kagkarlsson.scheduler.task.TaskInstance;
import io.causality.sim.db.RunQueue;
import java.sql.Connection;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import javax.sql.DataSource;

/**
 * The queue of experiment work in db-scheduler's table ({@code scheduled_tasks}), filled inside the
 * transactions of {@code db.ExperimentWrites} through {@link BoundConnections}: a chunk of runs is
 * queued exactly when its experiment is stored, an aggregation exactly when the last chunk is.
 */
public final class ExperimentQueue implements RunQueue {
  static final TaskDescriptor<Void> RUNS = TaskDescriptor.of(RUNS_TASK);
  static final TaskDescriptor<Void> AGGREGATE = TaskDescriptor.of(AGGREGATE_TASK);

  private final BoundConnections connections;
  private final SchedulerClient client;
  private final Clock clock;
  private volatile Runnable wake = () -> {};

  public ExperimentQueue(DataSource pool, Clock clock) {
    this.connections = new BoundConnections(pool);
    this.client =
        SchedulerClient.Builder.create(connections)
            .jdbcCustomization(ExperimentWorkers.jdbcCustomization(pool))
            .build();
    this.clock = clock;
  }

  @Override
  public void enqueueRuns(Connection connection, UUID experimentId, int chunks) {
    List<TaskInstance<?>> instances = new ArrayList<>(chunks);
    for (int chunk = 0; chunk < chunks; chunk++) {
      instances.add(RUNS.instance(RunQueue.chunkInstance(experimentId, chunk)).build());
    }
    connections.with(
        connection,
        () -> {
          client.scheduleBatch(instances, clock.instant());
          return null;
        });
  }

  @Override
  public void enqueueAggregation(Connection connection, UUID experimentId) {
    connections.with(
        connection,
        () ->
            client.scheduleIfNotExists(
                AGGREGATE.instance(experimentId.toString()).build(), clock.instant()));
  }

  /** What {@link #dueNow} does: this instance's workers' check for due work, once they exist. */
  void wakeWith(Runnable check) {
    this.wake = check;
  }

  @Override
  public void dueNow() {
    wake.run();
  }

  @Override
  public void dropPending(UUID experimentId, int chunks) {
    for (int chunk = 0; chunk < chunks; chunk++) {
      try {
        client.cancel(RUNS.instanceId(RunQueue.chunkInstance(experimentId, chunk)));
      } catch (TaskInstanceException e) {
        // done already, or held by a worker, which drops it when it finds the experiment cancelled
      }
    }
  }
}
