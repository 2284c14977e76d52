package io.causality.sim.benchmarks;

import io.causality.sim.core.experiments.Experiment;
import io.causality.sim.core.experiments.RunScenarios;
import io.causality.sim.engine.core.EngineVersion;
import io.causality.sim.engine.core.Simulation;
import io.causality.sim.engine.output.EngineListener;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * The anchor of the workers' runs per second: the engine doing an experiment's runs in this thread,
 * one after the other, with nothing collected and nothing stored ({@link EngineListener#NONE}):
 * each run is run {@code i}'s scenario (its parameters and derived seed) advanced its ticks.
 */
final class ExperimentsAnchor {
  private ExperimentsAnchor() {}

  /**
   * What the runs took.
   *
   * @param checksum the sum of the runs' final b, so that no run can be optimized away (and the
   *     same as the experiment runner's)
   */
  record Measured(long runs, long wallNanos, long cpuNanos, double checksum) {
    double runsPerSecond() {
      return runs / (wallNanos / 1e9);
    }

    double runsPerCpuSecond() {
      return runs / (cpuNanos / 1e9);
    }
  }

  static Measured measure(Experiment experiment, EngineVersion engine) {
    return measure(experiment, engine, 1);
  }

  /**
   * The runs on {@code threads} threads at once, run {@code i} on thread {@code i % threads}: what
   * {@code threads} workers could do at most on this machine with nothing stored, the anchor of the
   * workers' scaling. Its CPU is the threads' together.
   */
  static Measured measure(Experiment experiment, EngineVersion engine, int threads) {
    ThreadMXBean bean = ManagementFactory.getThreadMXBean();
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try {
      List<Future<double[]>> parts = new ArrayList<>();
      long start = System.nanoTime();
      for (int t = 0; t < threads; t++) {
        int first = t;
        parts.add(
            pool.submit(
                () -> {
                  long cpu = bean.getCurrentThreadCpuTime();
                  double checksum = 0;
                  RunScenarios scenarios = new RunScenarios(experiment);
                  for (int i = first; i < experiment.runs(); i += threads) {
                    Simulation simulation = engine.newSimulation(scenarios.of(i));
                    simulation.advance(experiment.ticks(), EngineListener.NONE);
                    checksum += simulation.state().b();
                  }
                  return new double[] {checksum, bean.getCurrentThreadCpuTime() - cpu};
                }));
      }
      double checksum = 0;
      long cpu = 0;
      for (Future<double[]> part : parts) {
        double[] done = part.get();
        checksum += done[0];
        cpu += (long) done[1];
      }
      return new Measured(experiment.runs(), System.nanoTime() - start, cpu, checksum);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    } catch (ExecutionException e) {
      throw new IllegalStateException(e.getCause());
    } finally {
      pool.shutdownNow();
    }
  }
}
