package io.causality.sim.core.events;

import static org.assertj.core.api.Assertions.assertThat;

import io.causality.sim.engine.Fixtures;
import io.causality.sim.engine.core.Simulation;
import io.causality.sim.engine.output.AgentSelection;
import io.causality.sim.engine.output.EngineListener;
import io.causality.sim.engine.output.Step;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

/**
 * A recorder writes each tick for the selections its target still takes: one it refuses (no room
 * for every agent's tick) is written no more, and the engine stops building that list of agents.
 */
class EventRecorderTest {
  private static final int TICKS = 5;

  @Test
  void aSelectionTheTargetRefusesIsNeitherWrittenNorBuiltAgain() {
    List<SimulationEvent> accepted = new ArrayList<>();
    List<AgentSelection> asked = new ArrayList<>();
    EventRecorder.Target target =
        target(
            accepted,
            agents -> {
              asked.add(agents);
              return agents != AgentSelection.ALL || accepted.isEmpty();
            });
    EventRecorder recorder =
        new EventRecorder(
            Preludes.NONE, target, Set.of(AgentSelection.ALL, AgentSelection.CHANGED));
    List<Step> steps = new ArrayList<>();
    Simulation simulation = Fixtures.start("chaos-storm");

    simulation.advance(TICKS, EngineListener.all(recorder, capture(steps)));

    List<SimulationEvent> ticks = accepted.stream().filter(e -> e.name().equals("tick")).toList();
    assertThat(ticks).hasSize(TICKS);
    assertThat(ticks.get(0).byAgents())
        .containsOnlyKeys(AgentSelection.ALL, AgentSelection.CHANGED);
    for (SimulationEvent tick : ticks.subList(1, TICKS)) {
      assertThat(tick.byAgents()).containsOnlyKeys(AgentSelection.CHANGED);
    }
    // refused at the second tick, never asked again; the engine built every agent for the first
    // two only
    assertThat(asked.stream().filter(AgentSelection.ALL::equals)).hasSize(2);
    assertThat(steps.get(0).agents()).isNotEmpty();
    assertThat(steps.subList(2, TICKS)).allSatisfy(step -> assertThat(step.agents()).isEmpty());
  }

  @Test
  void aRecorderWhoseEverySelectionIsRefusedStopsAndTheEngineBuildsNoMoreSteps() {
    List<SimulationEvent> accepted = new ArrayList<>();
    EventRecorder.Target target = target(accepted, agents -> false);
    EventRecorder recorder = new EventRecorder(Preludes.NONE, target, Set.of(AgentSelection.ALL));

    Fixtures.start("chaos-storm").advance(TICKS, recorder);

    assertThat(accepted).noneMatch(event -> event.name().equals("tick"));
    assertThat(recorder.wantsSteps()).isFalse();
  }

  /** Keeps every event in {@code accepted}, and takes a tick's selections {@code takes} allows. */
  private static EventRecorder.Target target(
      List<SimulationEvent> accepted, Predicate<AgentSelection> takes) {
    return new EventRecorder.Target() {
      @Override
      public boolean accept(SimulationEvent event) {
        accepted.add(event);
        return true;
      }

      @Override
      public boolean takes(AgentSelection agents, int count) {
        return takes.test(agents);
      }
    };
  }

  /** Keeps the steps the engine builds for its other listeners. */
  private static EngineListener capture(List<Step> steps) {
    return new EngineListener() {
      @Override
      public Set<AgentSelection> agentsWanted() {
        return Set.of();
      }

      @Override
      public void onStep(Step step) {
        steps.add(step);
      }
    };
  }
}
