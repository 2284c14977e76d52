package io.causality.sim.core.experiments;

import io.causality.sim.engine.model.Scenario;

/**
 * The scenarios of an experiment's runs as one thread computes them in order: each combination's
 * scenario is built once ({@link ParameterGrid#apply}) and only re-seeded for its replications,
 * which are consecutive runs. {@link Experiment#scenarioOf} builds it anew for every run; at tens
 * of thousands of runs that rebuilding (every agent's spec, with its maps) was a tenth of what a
 * worker allocated. Not thread-safe: one per thread.
 */
public final class RunScenarios {
  private final Experiment experiment;
  private int combination = -1;
  private Scenario applied;

  public RunScenarios(Experiment experiment) {
    this.experiment = experiment;
  }

  public Experiment experiment() {
    return experiment;
  }

  /**
   * The scenario run {@code run} simulates, equal to {@link Experiment#scenarioOf}; its seed is the
   * run's.
   */
  public Scenario of(int run) {
    int wanted = experiment.combinationOf(run);
    if (wanted != combination) {
      applied = experiment.grid().apply(experiment.scenario(), wanted);
      combination = wanted;
    }
    return applied.withSeed(experiment.seedOf(run));
  }
}
