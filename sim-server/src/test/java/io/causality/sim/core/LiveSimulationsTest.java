package io.causality.sim.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.causality.sim.engine.Fixtures;
import io.causality.sim.engine.core.Simulation;
import io.causality.sim.engine.model.Scenario;
import io.causality.sim.engine.scenario.ScenarioParser;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * The engine instances kept in memory are bounded by their count and by their agents, each instance
 * counted as at least an equal share of the agents: many small simulations keep the first bound, a
 * few large ones the second (a 100,000-agent instance holds about 26 MB).
 */
class LiveSimulationsTest {
  @Test
  void smallInstancesAreBoundedByTheirCount() {
    LiveSimulations live = new LiveSimulations(null, 4, 24, Runnable::run);

    for (int i = 0; i < 6; i++) {
      remember(live, agents(3));
    }

    assertThat(live.size()).isEqualTo(4);
  }

  @Test
  void largeInstancesAreBoundedByTheirAgents() {
    LiveSimulations live = new LiveSimulations(null, 4, 24, Runnable::run);

    for (int i = 0; i < 3; i++) {
      remember(live, agents(12));
    }

    assertThat(live.size()).isEqualTo(2);
  }

  private static void remember(LiveSimulations live, Scenario scenario) {
    Simulation simulation = Fixtures.REGISTRY.latest().newSimulation(scenario);
    live.remember(UUID.randomUUID(), simulation, 0, 0, 0);
  }

  /** One basin and {@code count} agents around it. */
  private static Scenario agents(int count) {
    StringBuilder agents = new StringBuilder();
    for (int i = 0; i < count; i++) {
      agents.append(i == 0 ? "" : ",");
      agents.append("{'id': 'a").append(i).append("', 'marker': {'x': ").append(40 + i);
      agents.append(", 'y': 50}}");
    }
    return ScenarioParser.parse(
        Fixtures.json(
            "{'seed': 3, 'initialState': {'grid': {'width': 100, 'height': 100}, 'attractors': ["
                + "{'name': 'basin', 'x': 50, 'y': 50, 'strength': 8, 'radius': 12}]},"
                + "'agents': ["
                + agents
                + "]}"),
        "scenario");
  }
}
