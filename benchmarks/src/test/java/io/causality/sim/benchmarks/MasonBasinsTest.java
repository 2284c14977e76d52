package io.causality.sim.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.causality.sim.engine.core.EngineRegistry;
import io.causality.sim.engine.core.Simulation;
import io.causality.sim.engine.model.Scenario;
import io.causality.sim.engine.output.EngineEvent;
import io.causality.sim.engine.output.EngineListener;
import io.causality.sim.engine.output.LossEvent;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * The MASON model does the engine benchmark's work: with the engine's random streams it computes
 * the same run (the same agent lost at the same tick, the same b every tick, the same agent-ticks);
 * with MASON's own generator the counts and losses agree within the spread of chance.
 */
class MasonBasinsTest {
  private static final int TICKS = 2_000;

  @Test
  void withTheEnginesStreamsTheRunIsTheEngines() {
    for (Scenario scenario : workloads()) {
      Run engine = Run.ofEngine(scenario, TICKS);
      Run mason = Run.ofMason(scenario, MasonBasins.Draws.SPLITMIX, TICKS);
      assertThat(mason.lostAt).as("tick each agent was lost at").isEqualTo(engine.lostAt);
      assertThat(mason.alive).as("agents alive after each tick").isEqualTo(engine.alive);
      assertThat(mason.agentTicks).isEqualTo(engine.agentTicks);
      for (int t = 0; t < TICKS; t++) {
        assertThat(mason.b[t]).as("b at tick %d", t).isCloseTo(engine.b[t], within(1e-9));
      }
    }
  }

  @Test
  void withMasonsGeneratorTheCountsAndLossesAgree() {
    for (Scenario scenario : workloads()) {
      Run engine = Run.ofEngine(scenario, TICKS);
      Run mason = Run.ofMason(scenario, MasonBasins.Draws.MERSENNE_TWISTER, TICKS);
      int engineLosses = engine.losses();
      // Losses are rare independent events: allow three standard deviations of a Poisson count.
      double spread = 3 * Math.sqrt(Math.max(engineLosses, 4)) + 2;
      assertThat((double) mason.losses()).isCloseTo(engineLosses, within(spread));
      assertThat((double) mason.agentTicks)
          .isCloseTo(engine.agentTicks, within(0.02 * engine.agentTicks));
      assertThat(mean(mason.b)).isCloseTo(mean(engine.b), within(0.02));
    }
  }

  @Test
  void theStormyWorkloadLosesAgentsSoTheLossTestsCanFail() {
    Run engine = Run.ofEngine(workloads()[1], TICKS);
    assertThat(engine.losses()).isGreaterThan(50);
  }

  /** The benchmark's workload, and a stormy one (chaos 2) that loses many agents. */
  private static Scenario[] workloads() {
    return new Scenario[] {EngineBenchmark.scenario(true), EngineBenchmark.scenario(true, 2.0)};
  }

  private static double mean(double[] values) {
    return Arrays.stream(values).average().orElseThrow();
  }

  /** What a run did, tick by tick. */
  private record Run(long[] lostAt, int[] alive, double[] b, long agentTicks) {
    int losses() {
      return (int) Arrays.stream(lostAt).filter(t -> t >= 0).count();
    }

    static Run ofEngine(Scenario scenario, int ticks) {
      Simulation simulation = EngineRegistry.standard().latest().newSimulation(scenario);
      long[] lostAt = new long[scenario.agents().size()];
      Arrays.fill(lostAt, -1);
      EngineListener losses =
          new EngineListener() {
            @Override
            public boolean wantsSteps() {
              return false;
            }

            @Override
            public void onEvent(EngineEvent event) {
              if (event instanceof LossEvent loss) {
                lostAt[Integer.parseInt(loss.agent().substring("agent-".length()))] = loss.tick();
              }
            }
          };
      int[] alive = new int[ticks];
      double[] b = new double[ticks];
      long agentTicks = 0;
      for (int t = 0; t < ticks; t++) {
        agentTicks += simulation.state().alive();
        simulation.advance(1, losses);
        alive[t] = simulation.state().alive();
        b[t] = simulation.state().b();
      }
      return new Run(lostAt, alive, b, agentTicks);
    }

    static Run ofMason(Scenario scenario, MasonBasins.Draws draws, int ticks) {
      MasonBasins model = new MasonBasins(scenario, draws);
      model.start();
      int[] alive = new int[ticks];
      double[] b = new double[ticks];
      for (int t = 0; t < ticks; t++) {
        model.run(1);
        alive[t] = model.alive();
        b[t] = model.b();
      }
      model.finish();
      return new Run(model.lostAt(), alive, b, model.agentTicks());
    }
  }
}
