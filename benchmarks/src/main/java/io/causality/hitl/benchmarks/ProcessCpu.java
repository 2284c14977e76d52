package io.causality.hitl.benchmarks;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/**
 * The CPU time (user + system) a process has used so far, without its JIT compiler threads', read
 * from /proc as ops/bench/sim-http reads it: on two shared cores the figure that sharing disturbs
 * least (waiting for a core adds latency, not CPU time), and HotSpot still compiling minutes into a
 * run is a cost a long-running server pays once. Resolution: one clock tick (10 ms at 100 Hz).
 */
final class ProcessCpu {
  /** The kernel's clock ticks per second ({@code getconf CLK_TCK}; 100 on Linux x86-64). */
  private static final double TICKS_PER_SECOND = 100;

  private final Path proc;

  private ProcessCpu(long pid) {
    this.proc = Path.of("/proc", Long.toString(pid));
  }

  static ProcessCpu of(long pid) {
    return new ProcessCpu(pid);
  }

  static ProcessCpu self() {
    return new ProcessCpu(ProcessHandle.current().pid());
  }

  /** A timed phase. */
  interface Phase {
    Measurement run() throws Exception;
  }

  /** Runs {@code phase} and adds this process's CPU time per operation to its measurement. */
  Measurement measure(Phase phase) throws Exception {
    double before = millis();
    Measurement measured = phase.run();
    int operations = Math.max(1, measured.operations() + measured.errors());
    return measured.withCpu((millis() - before) / operations);
  }

  /** Milliseconds of CPU time so far, without the JIT compiler threads'. */
  double millis() {
    try {
      return (ticks(proc.resolve("stat")) - compilerTicks()) * 1000 / TICKS_PER_SECOND;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the CPU time of " + proc, e);
    }
  }

  /**
   * Milliseconds of CPU time the JIT compiler threads have used so far: a warm-up runs until they
   * are idle, since code still being compiled runs slower than it will.
   */
  double compilerMillis() {
    try {
      return compilerTicks() * 1000 / TICKS_PER_SECOND;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the CPU time of " + proc, e);
    }
  }

  private long compilerTicks() throws IOException {
    try (Stream<Path> tasks = Files.list(proc.resolve("task"))) {
      return tasks.filter(ProcessCpu::isCompiler).mapToLong(ProcessCpu::taskTicks).sum();
    }
  }

  /** A compiler thread that ended meanwhile takes its ticks along, as in ops/bench/sim-http. */
  private static long taskTicks(Path task) {
    try {
      return ticks(task.resolve("stat"));
    } catch (IOException e) {
      return 0;
    }
  }

  private static boolean isCompiler(Path task) {
    try {
      String name = Files.readString(task.resolve("comm"));
      return name.startsWith("C1 CompilerThre") || name.startsWith("C2 CompilerThre");
    } catch (IOException e) {
      return false; // the thread ended meanwhile
    }
  }

  /** utime + stime of a stat file; fields counted after the last ")" (a name may hold spaces). */
  private static long ticks(Path stat) throws IOException {
    String text = Files.readString(stat);
    String[] fields = text.substring(text.lastIndexOf(')') + 2).split(" ");
    return Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
  }
}
