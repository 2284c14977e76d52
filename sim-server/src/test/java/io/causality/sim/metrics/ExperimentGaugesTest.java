package io.causality.sim.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import io.causality.sim.db.MonitoringDao.QueuedTasks;
import io.causality.sim.db.RunQueue;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ExperimentGaugesTest {
  @Test
  void everyTaskAndStateIsShownAndRowsLandInTheirState() {
    Map<String, Map<String, Long>> counts =
        ExperimentGauges.byTaskAndState(
            List.of(
                new QueuedTasks(RunQueue.RUNS_TASK, false, false, 7),
                new QueuedTasks(RunQueue.RUNS_TASK, true, false, 2),
                // a held task that failed before is running, not retrying
                new QueuedTasks(RunQueue.RUNS_TASK, true, true, 1),
                new QueuedTasks(RunQueue.RUNS_TASK, false, true, 3),
                new QueuedTasks("someone-elses-task", false, false, 5)));
    assertThat(counts)
        .containsExactly(
            Map.entry("aggregate", Map.of("queued", 0L, "retrying", 0L, "running", 0L)),
            Map.entry("runs", Map.of("queued", 7L, "retrying", 3L, "running", 3L)));
  }
}
