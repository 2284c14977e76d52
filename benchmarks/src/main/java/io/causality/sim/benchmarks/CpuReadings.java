package io.causality.sim.benchmarks;

import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * A CPU counter read now and then with the time of each reading, so that its value at a moment
 * known only later (a server's timestamp: an experiment's last chunk's commit, its completion) is
 * interpolated between the two readings around it. The driver reads the workers' CPU at each poll,
 * and the server's timestamps then split the runs' CPU from the aggregation's to within one poll's
 * CPU, rather than at whichever poll first saw the last chunk stored.
 */
final class CpuReadings {
  /** The counter read: a thread's or a process's CPU time from /proc. */
  @FunctionalInterface
  interface Counter {
    long read() throws IOException;
  }

  private final Counter counter;
  private final List<Instant> times = new ArrayList<>();
  private final List<Long> values = new ArrayList<>();

  CpuReadings(Counter counter) {
    this.counter = counter;
  }

  /** Reads the counter now. */
  void read() throws IOException {
    add(Instant.now(), counter.read());
  }

  /** A reading taken at {@code time} (readings come in time order). */
  void add(Instant time, long value) {
    times.add(time);
    values.add(value);
  }

  /** The first reading's value. */
  long first() {
    return values.get(0);
  }

  /**
   * The counter at {@code time}, linear between the readings around it; the first or last reading
   * outside them.
   */
  long at(Instant time) {
    int after = 0;
    while (after < times.size() && times.get(after).isBefore(time)) {
      after++;
    }
    if (after == 0) {
      return values.get(0);
    }
    if (after == times.size()) {
      return values.get(after - 1);
    }
    long t0 = nanos(times.get(after - 1));
    long t1 = nanos(times.get(after));
    long v0 = values.get(after - 1);
    long v1 = values.get(after);
    return t1 == t0 ? v1 : v0 + Math.round((double) (v1 - v0) * (nanos(time) - t0) / (t1 - t0));
  }

  private static long nanos(Instant time) {
    return time.getEpochSecond() * 1_000_000_000L + time.getNano();
  }
}
