package io.causality.sim.engine.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.causality.sim.engine.Fixtures;
import io.causality.sim.engine.output.EngineListener;
import io.causality.sim.engine.output.StateCounts;
import io.causality.sim.engine.output.StateSnapshot;
import io.causality.sim.engine.scenario.ScenarioCatalog;
import org.junit.jupiter.api.Test;

class ViewsTest {
  @Test
  void theCountsAreTheStatesFiguresAtEveryTick() {
    Simulation simulation =
        Fixtures.REGISTRY
            .latest()
            .newSimulation(ScenarioCatalog.standard().find("chaos-storm").orElseThrow());
    boolean sawALoss = false;
    for (int tick = 0; tick < 60; tick++) {
      StateSnapshot state = simulation.state();
      StateCounts counts = simulation.counts();
      assertThat(counts)
          .isEqualTo(
              new StateCounts(
                  state.tick(),
                  state.b(),
                  state.alive(),
                  state.held(),
                  state.straying(),
                  state.free(),
                  state.lost(),
                  state.removed()));
      sawALoss |= counts.lost() > 0;
      simulation.advance(1, EngineListener.NONE);
    }
    assertThat(sawALoss).as("chaos-storm loses agents: the counts are not all zero").isTrue();
  }
}
