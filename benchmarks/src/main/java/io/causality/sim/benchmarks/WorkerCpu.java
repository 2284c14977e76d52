package io.causality.sim.benchmarks;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * The CPU time a running sim-server's experiment workers have used, read from Linux's per-thread
 * accounting: the threads of {@code /proc/PID/task} whose name starts with {@link #THREAD_NAME}
 * (the 15 characters Linux keeps of {@code experiment-worker-N}), each thread's first {@code
 * schedstat} field, its time on a CPU in nanoseconds. Read before and after a phase, the difference
 * is the workers' CPU in that phase, whatever else the machine runs meanwhile.
 */
final class WorkerCpu {
  static final String THREAD_NAME = "experiment-work";

  private final Path tasks;

  /** The workers of the process whose {@code task} folder is {@code tasks}. */
  WorkerCpu(Path tasks) {
    this.tasks = tasks;
  }

  static WorkerCpu ofProcess(long pid) {
    return new WorkerCpu(Path.of("/proc", Long.toString(pid), "task"));
  }

  /** The workers' CPU time so far, in nanoseconds. */
  long nanos() throws IOException {
    long total = 0;
    try (DirectoryStream<Path> threads = Files.newDirectoryStream(tasks)) {
      for (Path thread : threads) {
        total += workerNanos(thread);
      }
    }
    return total;
  }

  /** How many worker threads there are: a check that the figures are the workers'. */
  int threads() throws IOException {
    int count = 0;
    try (DirectoryStream<Path> threads = Files.newDirectoryStream(tasks)) {
      for (Path thread : threads) {
        count += isWorker(thread) ? 1 : 0;
      }
    }
    return count;
  }

  private static long workerNanos(Path thread) throws IOException {
    try {
      if (!isWorker(thread)) {
        return 0;
      }
      String schedstat = Files.readString(thread.resolve("schedstat")).trim();
      return Long.parseLong(schedstat.substring(0, schedstat.indexOf(' ')));
    } catch (NoSuchFileException e) {
      // A thread that ended between the listing and the read: workers do not end while they run.
      return 0;
    }
  }

  private static boolean isWorker(Path thread) throws IOException {
    try {
      return Files.readString(thread.resolve("comm")).startsWith(THREAD_NAME);
    } catch (NoSuchFileException e) {
      return false;
    }
  }
}
