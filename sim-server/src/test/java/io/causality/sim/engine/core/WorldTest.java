package io.causality.sim.engine.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.causality.sim.engine.Fixtures;
import io.causality.sim.engine.model.Scenario;
import io.causality.sim.engine.scenario.ScenarioParser;
import org.junit.jupiter.api.Test;

class WorldTest {
  private static final String AGENT = "{'id': '%s', 'marker': {'x': 50, 'y': 50}%s}";

  private static World world() {
    Scenario scenario =
        ScenarioParser.parse(
            Fixtures.json(
                "{'seed': 3, 'initialState': {'grid': {'width': 100, 'height': 100},"
                    + " 'attractors': [{'name': 'left', 'x': 30, 'y': 50, 'strength': 8,"
                    + " 'radius': 12}, {'name': 'right', 'x': 70, 'y': 50, 'strength': 8,"
                    + " 'radius': 12}]}, 'agents': ["
                    + String.join(
                        ",",
                        AGENT.formatted("a0", ""),
                        AGENT.formatted("a1", ""),
                        AGENT.formatted("a2", ", 'attractorPreferences': {'left': 0.5}"),
                        AGENT.formatted("a3", ", 'attractorPreferences': {'left': 0.5}"),
                        AGENT.formatted("a4", ", 'attractorPreferences': {'left': 2}"))
                    + "]}"),
            "scenario");
    return new World(
        scenario, Fixtures.REGISTRY.latest().defaultRules().withAll(scenario.ruleOverrides()));
  }

  @Test
  void agentsWithEqualPreferencesShareTheirArraysAndTheirWeightRow() {
    World world = world();

    assertThat(world.prefNames[1]).isSameAs(world.prefNames[0]).isEmpty();
    assertThat(world.prefWeights[3]).isSameAs(world.prefWeights[2]).containsExactly(0.5);
    assertThat(world.prefNames[3]).isSameAs(world.prefNames[2]).containsExactly("left");
    assertThat(world.prefWeights[4]).isNotSameAs(world.prefWeights[2]).containsExactly(2.0);
    assertThat(world.weightBase[3]).isEqualTo(world.weightBase[2]);
    assertThat(world.weights[world.weightBase[4] + world.attractorIndex("left")]).isEqualTo(2.0);
  }

  @Test
  void agentsAreFoundByIdInTheWorldAndInItsCopies() {
    World world = world();

    assertThat(world.agentIndex("a3")).isEqualTo(3);
    assertThat(world.agentIndex("ghost")).isEqualTo(-1);
    assertThat(world.forkInto(null).agentIndex("a4")).isEqualTo(4);
  }

  @Test
  void aForkIsOverwrittenWithTheWorldItForks() {
    World world = world();
    World fork = world.forkInto(null);
    fork.x[2] = 99;
    fork.status[3] = World.LOST;
    fork.b = 0.25;
    fork.nextTick = 40;

    World again = world.forkInto(fork);

    assertThat(again).isSameAs(fork);
    assertThat(again.x).containsExactly(world.x);
    assertThat(again.status).containsExactly(world.status);
    assertThat(again.b).isEqualTo(world.b);
    assertThat(again.nextTick).isEqualTo(world.nextTick);
    assertThat(again.x).isNotSameAs(world.x);
  }

  @Test
  void aForkOfAnotherWorldIsNotReused() {
    World fork = world().forkInto(null);
    assertThat(world().forkInto(fork)).isNotSameAs(fork);
  }
}
