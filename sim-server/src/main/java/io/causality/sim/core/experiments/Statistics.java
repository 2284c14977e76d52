package io.causality.sim.core.experiments;

import java.util.Arrays;
import java.util.List;

/**
 * The statistics of one collected tick over the runs of a combination, exact: count, mean, sample
 * standard deviation (n - 1; 0 for one run), min, max, and the 5th, 50th and 95th percentiles by
 * linear interpolation between the closest ranks (Hyndman and Fan's type 7, the default of R and
 * NumPy): for p, h = (n - 1) p, and the value is x[floor h] + (h - floor h) (x[floor h + 1] -
 * x[floor h]) over the sorted values. Sums run in run order, so the result is the same bytes
 * whoever computed the runs.
 */
public final class Statistics {
  /** The statistics in the order {@link #of} answers them, as the API names them. */
  public static final List<String> NAMES =
      List.of("count", "mean", "sd", "min", "max", "p5", "p50", "p95");

  private Statistics() {}

  /** The statistics of {@code values} (in run order; not changed), in {@link #NAMES} order. */
  public static double[] of(double[] values, int n) {
    double[] sorted = Arrays.copyOf(values, n);
    Arrays.sort(sorted);
    double sum = 0;
    for (int i = 0; i < n; i++) {
      sum += values[i];
    }
    double mean = sum / n;
    double squares = 0;
    for (int i = 0; i < n; i++) {
      double d = values[i] - mean;
      squares += d * d;
    }
    double sd = n > 1 ? Math.sqrt(squares / (n - 1)) : 0;
    return new double[] {
      n,
      mean,
      sd,
      sorted[0],
      sorted[n - 1],
      percentile(sorted, n, 0.05),
      percentile(sorted, n, 0.5),
      percentile(sorted, n, 0.95)
    };
  }

  static double percentile(double[] sorted, int n, double p) {
    double h = (n - 1) * p;
    int low = (int) Math.floor(h);
    if (low >= n - 1) {
      return sorted[n - 1];
    }
    return sorted[low] + (h - low) * (sorted[low + 1] - sorted[low]);
  }
}
