package io.causality.sim.benchmarks;

import java.util.Arrays;

/** Response times of one kind of request, in nanoseconds, and their percentiles. */
final class Latencies {
  private long[] nanos = new long[64];
  private int count;

  void add(long took) {
    if (count == nanos.length) {
      nanos = Arrays.copyOf(nanos, count * 2);
    }
    nanos[count++] = took;
  }

  int count() {
    return count;
  }

  /**
   * The {@code p} percentile in milliseconds, by nearest rank: the smallest time that at least
   * {@code p} of the requests took at most (of 1,000 times, p99 is the 10th longest). NaN when
   * nothing was timed.
   */
  double percentileMillis(double p) {
    if (count == 0) {
      return Double.NaN;
    }
    long[] sorted = Arrays.copyOf(nanos, count);
    Arrays.sort(sorted);
    int rank = (int) Math.ceil(p * count);
    return sorted[Math.max(0, Math.min(count, rank) - 1)] / 1e6;
  }
}
