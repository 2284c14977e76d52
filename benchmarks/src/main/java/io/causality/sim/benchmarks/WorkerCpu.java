package io.causality.sim.benchmarks;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Predicate;

/**
 * The CPU time a running sim-server's experiment workers (or its JIT compiler threads) have used,
 * read from Linux's per-thread accounting: the threads of {@code /proc/PID/task} whose name starts
 * with {@link #THREAD_NAME} (the 15 characters Linux keeps of {@code experiment-worker-N}), each
 * thread's first {@code schedstat} field, its time on a CPU in nanoseconds. Read before and after a
 * phase, the difference is the workers' CPU in that phase, whatever else the machine runs
 * meanwhile.
 */
final class WorkerCpu {
  static final String THREAD_NAME = "experiment-work";

  private static final int ON_CPU = 0;
  private static final int ON_RUN_QUEUE = 1;

  /**
   * What Linux keeps of the names of HotSpot's JIT compiler threads ({@code C2 CompilerThread0}).
   */
  static final String COMPILER_THREAD_NAME = "CompilerThre";

  private final Path tasks;
  private final Predicate<String> named;

  /** The workers of the process whose {@code task} folder is {@code tasks}. */
  WorkerCpu(Path tasks) {
    this(tasks, name -> name.startsWith(THREAD_NAME));
  }

  private WorkerCpu(Path tasks, Predicate<String> named) {
    this.tasks = tasks;
    this.named = named;
  }

  static WorkerCpu ofProcess(long pid) {
    return new WorkerCpu(taskFolder(pid));
  }

  /**
   * The JIT compiler threads of process {@code pid} instead of its workers: while they are busy,
   * the server is still compiling its code, and on two cores it takes a worker's CPU.
   */
  static WorkerCpu compilerOfProcess(long pid) {
    return compilerThreads(taskFolder(pid));
  }

  static WorkerCpu compilerThreads(Path tasks) {
    return new WorkerCpu(tasks, name -> name.contains(COMPILER_THREAD_NAME));
  }

  private static Path taskFolder(long pid) {
    return Path.of("/proc", Long.toString(pid), "task");
  }

  /** The workers' CPU time so far, in nanoseconds. */
  long nanos() throws IOException {
    return sum(ON_CPU);
  }

  /**
   * How long the workers have waited so far, ready to run, for a CPU that other threads held (the
   * second {@code schedstat} field, the run queue's wait), in nanoseconds.
   */
  long waitingNanos() throws IOException {
    return sum(ON_RUN_QUEUE);
  }

  private long sum(int field) throws IOException {
    long total = 0;
    try (DirectoryStream<Path> threads = Files.newDirectoryStream(tasks)) {
      for (Path thread : threads) {
        total += workerNanos(thread, field);
      }
    }
    return total;
  }

  /**
   * The CPU time so far of every thread of the process, summed by kind: its name without the number
   * that tells threads of a pool apart ({@code GC Thread#0} and {@code GC Thread#1} are {@code GC
   * Thread}), so that a phase's difference says which of the server's threads took CPU beside the
   * workers.
   */
  static Map<String, Long> byKind(Path tasks) throws IOException {
    Map<String, Long> kinds = new TreeMap<>();
    try (DirectoryStream<Path> threads = Files.newDirectoryStream(tasks)) {
      for (Path thread : threads) {
        try {
          String name = Files.readString(thread.resolve("comm")).trim();
          String schedstat = Files.readString(thread.resolve("schedstat")).trim();
          kinds.merge(kind(name), Long.parseLong(schedstat.split(" ")[ON_CPU]), Long::sum);
        } catch (NoSuchFileException e) {
          // a thread that ended as it was listed: its time is no longer counted by anyone
        }
      }
    }
    return kinds;
  }

  /**
   * A thread's kind: its name without what a request adds (Dropwizard names a request's thread
   * {@code dw-34 - GET /v1/...} while it serves it, and a name that changed between two readings
   * would count the thread's whole time as the phase's) and without its number in the pool.
   */
  private static String kind(String name) {
    int request = name.indexOf(" - ");
    String thread = request < 0 ? name : name.substring(0, request);
    return thread.replaceAll("[-#\\s]*\\d+$", "");
  }

  static Map<String, Long> byKindOfProcess(long pid) throws IOException {
    return byKind(taskFolder(pid));
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

  private long workerNanos(Path thread, int field) throws IOException {
    try {
      if (!isWorker(thread)) {
        return 0;
      }
      String schedstat = Files.readString(thread.resolve("schedstat")).trim();
      return Long.parseLong(schedstat.split(" ")[field]);
    } catch (NoSuchFileException e) {
      // A thread that ended between the listing and the read: workers do not end while they run.
      return 0;
    }
  }

  private boolean isWorker(Path thread) throws IOException {
    try {
      return named.test(Files.readString(thread.resolve("comm")).trim());
    } catch (NoSuchFileException e) {
      return false;
    }
  }
}
