package io.causality.sim.core.experiments;

import io.causality.sim.engine.model.Rule;
import io.causality.sim.engine.model.Rules;

/**
 * How many runs one task of the queue computes. A chunk's runs are stored in one transaction, so a
 * chunk amortizes the queue's and the database's work (a claim, a durable commit, a delete) over
 * its runs: chunks of short runs hold more of them, up to {@link #TARGET_WORK} of engine work, so
 * that what a killed instance loses and another computes again stays some 50 ms; at most {@link
 * #MAX_RUNS}, which bounds a chunk's transaction; and the experiment gets at least {@link #SPREAD}
 * chunks when it has as many runs, so that every instance's workers get some. The chunk size
 * changes nothing of the results (runs are computed from the definition and their index).
 */
public final class ChunkPlan {
  /**
   * Most runs in one chunk: the rows of one transaction. At 50, a chunk of 100-tick runs of 40
   * agents held 7 ms of engine work beside its commit and claim, and the workers computed at 0.35
   * of the engine's rate (docs/performance.md, "Experiments").
   */
  static final int MAX_RUNS = 500;

  /** Fewest chunks an experiment is cut into (when it has that many runs). */
  static final int SPREAD = 32;

  /** Agent-ticks (times attractors and prophecy work) a chunk aims at: some 50 ms of engine. */
  static final double TARGET_WORK = 4e6;

  private ChunkPlan() {}

  public static int size(Experiment experiment) {
    long runs = experiment.runs();
    double perRun = workOfRun(experiment);
    long byWork = Math.max(1, (long) Math.ceil(TARGET_WORK / perRun));
    long bySpread = Math.max(1, (runs + SPREAD - 1) / SPREAD);
    return (int) Math.min(MAX_RUNS, Math.min(byWork, bySpread));
  }

  /** The engine's work of one run, by docs/engine.md's cost: agents x attractors per tick. */
  static double workOfRun(Experiment experiment) {
    double agents = experiment.scenario().agents().size();
    double attractors = Math.max(1, experiment.scenario().attractors().size());
    Rules rules = Rules.v1Defaults().withAll(experiment.scenario().ruleOverrides());
    double prophecy =
        rules.prophecies()
            ? 1
                + (double) rules.integer(Rule.PROPHECY_DEPTH)
                    * rules.integer(Rule.PROPHECY_HORIZON)
                    / rules.integer(Rule.PROPHECY_INTERVAL)
            : 1;
    return experiment.ticks() * agents * attractors * prophecy;
  }
}
