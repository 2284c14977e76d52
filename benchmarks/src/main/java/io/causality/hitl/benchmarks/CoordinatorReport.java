package io.causality.hitl.benchmarks;

import java.util.Locale;

/** The figures of {@link CoordinatorLoad}, each beside its baseline, as text on standard output. */
final class CoordinatorReport {

  private CoordinatorReport() {}

  /**
   * The HTTP floor: what the redeem endpoint costs over HTTP when it writes nothing. Beside the raw
   * rate and the least work it shows how much of the gap no database work can close.
   */
  static void reportFloor(Measurement floor, Measurement raw, Measurement leastWork) {
    System.out.println(floor);
    System.out.printf(
        Locale.ROOT,
        "  the same endpoint without a write: %.1f %% of the raw rate, %.2f of the least work's%n",
        100.0 * floor.perSecond() / raw.perSecond(),
        floor.perSecond() / leastWork.perSecond());
    if (!Double.isNaN(floor.cpuMillisPerOp())) {
      System.out.printf(
          Locale.ROOT,
          "  its server CPU per request: %.2f times the least work's CPU per transaction%n",
          floor.cpuMillisPerOp() / leastWork.cpuMillisPerOp());
    }
  }

  /** The same path beside the raw transaction of the writes it must make. */
  static void reportLeastWork(Measurement http, Measurement local, Measurement leastWork) {
    System.out.println(leastWork);
    System.out.printf(
        Locale.ROOT,
        "  over HTTP: %.1f %% of the least work;" + " in process: %.1f %% of the least work%n",
        100 * http.perSecond() / leastWork.perSecond(),
        100 * local.perSecond() / leastWork.perSecond());
    if (!Double.isNaN(http.cpuMillisPerOp())) {
      System.out.printf(
          Locale.ROOT,
          "  CPU per operation: least work / over HTTP (server) %.2f; least work / in process"
              + " %.2f%n",
          leastWork.cpuMillisPerOp() / http.cpuMillisPerOp(),
          leastWork.cpuMillisPerOp() / local.cpuMillisPerOp());
    }
    if (leastWork.errors() > 0) {
      System.out.println("  WARNING: " + leastWork.errors() + " raw transactions failed");
    }
  }

  static void report(Measurement http, Measurement local, Measurement raw) {
    System.out.println(http);
    System.out.println(local);
    System.out.println(raw);
    System.out.printf(
        Locale.ROOT,
        "  over HTTP: %.1f %% of the raw rate;" + " in process: %.1f %% of the raw rate%n",
        100 * http.perSecond() / raw.perSecond(),
        100 * local.perSecond() / raw.perSecond());
    if (http.errors() + local.errors() > 0) {
      System.out.println("  WARNING: " + (http.errors() + local.errors()) + " operations failed");
    }
  }
}
