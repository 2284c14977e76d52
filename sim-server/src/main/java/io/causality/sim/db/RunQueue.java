package io.causality.sim.db;

import java.sql.Connection;
import java.util.UUID;

/**
 * The queue of experiment work, told inside the transaction that makes the work due, so that the
 * work is queued exactly when that transaction commits (the {@code experiments} package's
 * db-scheduler tasks, whose table is in this database).
 */
public interface RunQueue {
  /** The task of a chunk of runs; its instances are {@link #chunkInstance}. */
  String RUNS_TASK = "experiment-runs";

  /** The task that aggregates a finished experiment; its instance is the experiment's id. */
  String AGGREGATE_TASK = "experiment-aggregate";

  /** The instance id of chunk {@code chunk} of an experiment: {@code <id>/<chunk>}. */
  static String chunkInstance(UUID experimentId, int chunk) {
    return experimentId + "/" + chunk;
  }

  /** Queues the chunks {@code 0} to {@code chunks - 1} of a new experiment's runs. */
  void enqueueRuns(Connection connection, UUID experimentId, int chunks);

  /** Queues the aggregation of an experiment whose last run was just stored. */
  void enqueueAggregation(Connection connection, UUID experimentId);

  /**
   * Takes the chunks of a cancelled experiment that no worker holds off the queue, after the
   * cancel's commit; best effort (a chunk left finds its experiment cancelled and does nothing).
   */
  void dropPending(UUID experimentId, int chunks);

  /**
   * Work queued by a transaction that just committed is due: this instance's workers look for it
   * now rather than at their next poll ({@code experiments.pollInterval}), so that an experiment
   * starts, and completes after its last chunk, without waiting for it. Other instances find it at
   * their next poll.
   */
  void dueNow();
}
