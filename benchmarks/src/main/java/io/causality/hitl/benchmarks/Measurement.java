package io.causality.hitl.benchmarks;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The result of one timed phase: operations completed, wall time, latency percentiles and failed
 * operations (which count in neither the rate nor the latencies), and where measured the CPU time
 * per operation of the process that did the work ({@link ProcessCpu}; NaN when not measured).
 * Phases measured in rounds, alternating with other paths, are {@link #merge merged}: the latencies
 * are kept for that.
 */
record Measurement(
    String name,
    int concurrency,
    int operations,
    double seconds,
    double p50Millis,
    double p99Millis,
    int errors,
    double cpuMillisPerOp,
    long[] sortedLatencyNanos) {

  static Measurement of(
      String name, int concurrency, long[] latencyNanos, int done, double seconds, int errors) {
    long[] sorted = Arrays.copyOf(latencyNanos, done);
    Arrays.sort(sorted);
    return new Measurement(
        name,
        concurrency,
        done - errors,
        seconds,
        percentile(sorted, 0.50),
        percentile(sorted, 0.99),
        errors,
        Double.NaN,
        sorted);
  }

  /**
   * One measurement of the rounds of a phase: operations, errors and times added, percentiles over
   * every latency, CPU time per operation weighted by each round's operations.
   */
  static Measurement merge(List<Measurement> rounds) {
    Measurement first = rounds.get(0);
    long[] sorted =
        rounds.stream()
            .flatMapToLong(r -> Arrays.stream(r.sortedLatencyNanos()))
            .sorted()
            .toArray();
    double seconds = rounds.stream().mapToDouble(Measurement::seconds).sum();
    double cpu =
        rounds.stream().mapToDouble(r -> r.cpuMillisPerOp() * (r.operations() + r.errors())).sum()
            / Math.max(1, rounds.stream().mapToInt(r -> r.operations() + r.errors()).sum());
    return new Measurement(
        first.name(),
        first.concurrency(),
        rounds.stream().mapToInt(Measurement::operations).sum(),
        seconds,
        percentile(sorted, 0.50),
        percentile(sorted, 0.99),
        rounds.stream().mapToInt(Measurement::errors).sum(),
        cpu,
        sorted);
  }

  /** This phase with the CPU time per operation of the process that did its work. */
  Measurement withCpu(double millisPerOp) {
    return new Measurement(
        name,
        concurrency,
        operations,
        seconds,
        p50Millis,
        p99Millis,
        errors,
        millisPerOp,
        sortedLatencyNanos);
  }

  double perSecond() {
    return operations / seconds;
  }

  private static double percentile(long[] sorted, double p) {
    if (sorted.length == 0) {
      return Double.NaN;
    }
    int index = (int) Math.ceil(p * sorted.length) - 1;
    return sorted[Math.max(0, index)] / 1e6;
  }

  @Override
  public String toString() {
    return rates()
        + (Double.isNaN(cpuMillisPerOp)
            ? ""
            : String.format(Locale.ROOT, "   CPU %.3f ms/op", cpuMillisPerOp));
  }

  private String rates() {
    return String.format(
        Locale.ROOT,
        "%-40s %9.1f /s   p50 %7.2f ms   p99 %7.2f ms   (%d ops in %.1f s, %d errors)",
        name + ", " + concurrency + (concurrency == 1 ? " thread" : " threads"),
        perSecond(),
        p50Millis,
        p99Millis,
        operations,
        seconds,
        errors);
  }
}
