package io.causality.sim.core.experiments;

import static org.assertj.core.api.Assertions.assertThat;

import io.causality.sim.engine.core.EngineRegistry;
import io.causality.sim.engine.core.Simulation;
import io.causality.sim.engine.output.EngineEvent;
import io.causality.sim.engine.output.EngineListener;
import io.causality.sim.engine.output.LossEvent;
import io.causality.sim.engine.output.Paradox;
import io.causality.sim.engine.scenario.ScenarioCatalog;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class ExperimentRunnerTest {
  private static final EngineRegistry ENGINES = EngineRegistry.standard();

  private static Experiment experiment(String scenario, int ticks, int every) {
    return new Experiment(
        scenario,
        ScenarioCatalog.standard().find(scenario).orElseThrow(),
        "1.0.0",
        ScenarioCatalog.standard().find(scenario).orElseThrow().seed(),
        new ParameterGrid(List.of()),
        3,
        ticks,
        new Collect(List.of(Series.B, Series.LOST), every, List.of(Outcome.values())),
        false);
  }

  @Test
  void aRunsOutcomesAreThoseOfTheSameSimulationRunAlone() {
    Experiment experiment = experiment("prophecy-loop", 300, 50);
    RunResult result =
        new ExperimentRunner(ENGINES).run(new RunScenarios(experiment), 1, Pacer.NONE);
    Simulation alone = ENGINES.latest().newSimulation(experiment.scenarioOf(1));
    AtomicInteger losses = new AtomicInteger();
    AtomicInteger paradoxes = new AtomicInteger();
    alone.advance(
        300,
        new EngineListener() {
          @Override
          public boolean wantsSteps() {
            return false;
          }

          @Override
          public void onEvent(EngineEvent event) {
            if (event instanceof LossEvent) {
              losses.incrementAndGet();
            }
            if (event instanceof Paradox) {
              paradoxes.incrementAndGet();
            }
          }
        });
    assertThat(result.ok()).isTrue();
    assertThat(result.seed()).isEqualTo(RunSeeds.of(experiment.seed(), 1));
    assertThat(result.finalB()).isEqualTo(alone.state().b());
    assertThat(result.losses()).isEqualTo(losses.get());
    assertThat(result.paradoxes()).isEqualTo(paradoxes.get());
    assertThat(result.paradoxes()).isPositive();
    assertThat(result.series()[0][result.series()[0].length - 1]).isEqualTo(alone.state().b());
  }

  @Test
  void theBreachIsTheFirstTickBelowTheThresholdAndRunsRepeatExactly() {
    Experiment experiment = experiment("chaos-storm", 60, 10);
    ExperimentRunner runner = new ExperimentRunner(ENGINES);
    RunResult first = runner.run(new RunScenarios(experiment), 0, Pacer.NONE);
    // chaos-storm goes through the 0.3 threshold at tick 20 (docs/scenarios.md)
    assertThat(first.ticksToBreach()).isEqualTo(21);
    RunResult again = runner.run(new RunScenarios(experiment), 0, () -> Thread.yield());
    assertThat(again.series()).isDeepEqualTo(first.series());
    assertThat(again.finalB()).isEqualTo(first.finalB());
  }

  @Test
  void aRunThatNeverBreachesSaysSo() {
    RunResult calm =
        new ExperimentRunner(ENGINES)
            .run(new RunScenarios(experiment("stable-basins", 50, 25)), 0, Pacer.NONE);
    assertThat(calm.ticksToBreach()).isEqualTo(-1);
    assertThat(calm.losses()).isZero();
  }
}
