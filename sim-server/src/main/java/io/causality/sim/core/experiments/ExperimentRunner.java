package io.causality.sim.core.experiments;

import io.causality.sim.engine.EngineValidationException;
import io.causality.sim.engine.core.EngineRegistry;
import io.causality.sim.engine.core.Simulation;
import io.causality.sim.engine.model.Rule;
import io.causality.sim.engine.model.Scenario;
import io.causality.sim.engine.output.EngineEvent;
import io.causality.sim.engine.output.EngineListener;
import io.causality.sim.engine.output.LossEvent;
import io.causality.sim.engine.output.Paradox;
import io.causality.sim.engine.output.StateCounts;
import io.causality.sim.engine.output.Warning;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Computes one run of an experiment on the engine, in this thread, with nothing stored: the engine
 * advances without building steps ({@link EngineListener#wantsSteps} false), reads the state only
 * at the collected ticks, and counts losses, paradoxes and the first breach from the events.
 */
public final class ExperimentRunner {
  private static final Logger LOG = LoggerFactory.getLogger(ExperimentRunner.class);

  /** Ticks between two chances for the {@link Pacer} to hold the run back. */
  static final int SLICE = 64;

  private final EngineRegistry engines;

  public ExperimentRunner(EngineRegistry engines) {
    this.engines = engines;
  }

  /**
   * Run {@code index} of {@code scenarios}' experiment; a failure of the engine is a failed run.
   */
  public RunResult run(RunScenarios scenarios, int index, Pacer pacer) {
    Experiment experiment = scenarios.experiment();
    try {
      Scenario scenario = scenarios.of(index);
      Simulation simulation = engines.require(experiment.engineVersion()).newSimulation(scenario);
      return compute(experiment, index, scenario.seed(), simulation, pacer);
    } catch (EngineValidationException e) {
      return RunResult.failed(index, experiment.seedOf(index), e.getMessage());
    } catch (RuntimeException e) {
      LOG.error("Run {} of an experiment failed in the engine", index, e);
      return RunResult.failed(index, experiment.seedOf(index), "the engine failed on this run");
    }
  }

  private static RunResult compute(
      Experiment experiment, int index, long seed, Simulation simulation, Pacer pacer) {
    Events events = new Events();
    List<Series> series = experiment.collect().series();
    long[] collected = Collect.ticks(experiment.ticks(), experiment.collect().every());
    double[][] values = new double[series.size()][collected.length];
    double threshold = simulation.rules().get(Rule.STABILITY_THRESHOLD);
    advanceTo(simulation, 1, events, pacer);
    long breach = simulation.counts().b() < threshold ? 0 : -1;
    for (int k = 0; k < collected.length && !series.isEmpty(); k++) {
      advanceTo(simulation, collected[k] + 1, events, pacer);
      StateCounts state = simulation.counts();
      for (int s = 0; s < series.size(); s++) {
        values[s][k] = series.get(s).read(simulation, state);
      }
    }
    advanceTo(simulation, experiment.ticks(), events, pacer);
    if (breach < 0 && events.firstStabilityWarning >= 0) {
      breach = events.firstStabilityWarning;
    }
    return new RunResult(
        index,
        seed,
        simulation.counts().b(),
        events.losses,
        events.paradoxes,
        breach < 0 ? -1 : breach + 1,
        values,
        null);
  }

  /** Advances until {@code nextTick() == target}, in slices the pacer may space out. */
  private static void advanceTo(Simulation simulation, long target, Events events, Pacer pacer) {
    while (simulation.nextTick() < target) {
      simulation.advance(Math.min(SLICE, target - simulation.nextTick()), events);
      pacer.pause();
    }
  }

  /** Counts what the outcome reporters need; builds no step. */
  private static final class Events implements EngineListener {
    int losses;
    int paradoxes;
    long firstStabilityWarning = -1;

    @Override
    public boolean wantsSteps() {
      return false;
    }

    @Override
    public void onEvent(EngineEvent event) {
      if (event instanceof LossEvent) {
        losses++;
      } else if (event instanceof Paradox) {
        paradoxes++;
      } else if (event instanceof Warning warning
          && warning.stability()
          && firstStabilityWarning < 0) {
        firstStabilityWarning = warning.tick();
      }
    }
  }
}
