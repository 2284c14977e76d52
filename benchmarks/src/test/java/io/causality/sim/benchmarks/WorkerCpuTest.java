package io.causality.sim.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/** The workers' CPU is the sum of the worker threads' time on a CPU, and theirs only. */
class WorkerCpuTest {
  @TempDir Path tasks;

  @Test
  void sumsTheWorkerThreadsOnly() throws IOException {
    thread("101", "experiment-work", "1500000 200 3");
    thread("102", "experiment-work", "2500000 100 4");
    thread("103", "dw-45 - GET /v1", "900000000 5 6");
    thread("104", "C2 CompilerThre", "700000000 5 6");
    Files.createDirectory(tasks.resolve("105")); // a thread that ended as it was listed

    WorkerCpu cpu = new WorkerCpu(tasks);

    assertThat(cpu.nanos()).isEqualTo(4_000_000);
    assertThat(cpu.waitingNanos()).isEqualTo(300);
    assertThat(cpu.threads()).isEqualTo(2);
    assertThat(WorkerCpu.compilerThreads(tasks).nanos()).isEqualTo(700_000_000);
  }

  @Test
  void sumsEveryThreadByItsKind() throws IOException {
    thread("101", "experiment-work", "1500000 200 3");
    thread("102", "GC Thread#0", "10 1 1");
    thread("103", "GC Thread#1", "20 1 1");
    thread("104", "C2 CompilerThre", "700 5 6");
    thread("106", "dw-45", "5 5 6");
    // a request thread that Dropwizard named after the request it serves, cut to 15 characters
    thread("107", "dw-46 - GET /v", "7 5 6");
    Files.createDirectory(tasks.resolve("105")); // a thread that ended as it was listed

    assertThat(WorkerCpu.byKind(tasks))
        .containsExactlyInAnyOrderEntriesOf(
            Map.of(
                "experiment-work",
                1_500_000L,
                "GC Thread",
                30L,
                "C2 CompilerThre",
                700L,
                "dw",
                12L));
  }

  @Test
  @EnabledOnOs(OS.LINUX)
  void readsARunningWorkersTime() throws Exception {
    AtomicBoolean stop = new AtomicBoolean();
    Thread worker =
        new Thread(
            () -> {
              while (!stop.get()) {
                Thread.onSpinWait();
              }
            },
            "experiment-worker-1");
    WorkerCpu cpu = WorkerCpu.ofProcess(ProcessHandle.current().pid());
    long before = cpu.nanos();
    worker.start();
    try {
      long deadline = System.nanoTime() + 60_000_000_000L;
      while (cpu.nanos() - before < 20_000_000 && System.nanoTime() < deadline) {
        Thread.onSpinWait();
      }
      assertThat(cpu.nanos() - before).isGreaterThanOrEqualTo(20_000_000);
      assertThat(cpu.threads()).isEqualTo(1);
    } finally {
      stop.set(true);
      worker.join();
    }
  }

  private void thread(String id, String name, String schedstat) throws IOException {
    Path thread = Files.createDirectory(tasks.resolve(id));
    Files.writeString(thread.resolve("comm"), name + "\n");
    Files.writeString(thread.resolve("schedstat"), schedstat + "\n");
  }
}
