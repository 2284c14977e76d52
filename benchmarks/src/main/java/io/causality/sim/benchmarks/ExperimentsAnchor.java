package io.causality.sim.benchmarks;

import io.causality.sim.core.experiments.Experiment;
import io.causality.sim.engine.core.EngineVersion;
import io.causality.sim.engine.core.Simulation;
import io.causality.sim.engine.output.EngineListener;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

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
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    long cpu = threads.getCurrentThreadCpuTime();
    long start = System.nanoTime();
    double checksum = 0;
    for (int i = 0; i < experiment.runs(); i++) {
      Simulation simulation = engine.newSimulation(experiment.scenarioOf(i));
      simulation.advance(experiment.ticks(), EngineListener.NONE);
      checksum += simulation.state().b();
    }
    long wall = System.nanoTime() - start;
    return new Measured(experiment.runs(), wall, threads.getCurrentThreadCpuTime() - cpu, checksum);
  }
}
