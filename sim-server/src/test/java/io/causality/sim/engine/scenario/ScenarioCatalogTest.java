package io.causality.sim.engine.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import io.causality.sim.engine.Fixtures;
import io.causality.sim.engine.core.Simulation;
import io.causality.sim.engine.model.Scenario;
import io.causality.sim.engine.model.ScenarioSummary;
import io.causality.sim.engine.output.AgentSnapshot;
import io.causality.sim.engine.output.EngineListener;
import io.causality.sim.engine.output.Step;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class ScenarioCatalogTest {
  static Stream<String> ids() {
    return Fixtures.CATALOG.all().stream().map(Scenario::id);
  }

  @Test
  void listsAtLeastEightScenariosWithSummaries() {
    List<ScenarioSummary> summaries = Fixtures.CATALOG.summaries();
    assertThat(summaries).hasSizeGreaterThanOrEqualTo(8);
    assertThat(summaries)
        .allSatisfy(
            s -> {
              assertThat(s.label()).isNotBlank();
              assertThat(s.note()).isNotBlank();
              assertThat(s.tags()).isNotEmpty();
            });
    assertThat(summaries.stream().map(ScenarioSummary::id).distinct()).hasSize(summaries.size());
    assertThat(Fixtures.CATALOG.find("no-such-scenario")).isEmpty();
  }

  @ParameterizedTest
  @MethodSource("ids")
  void fullJsonParsesBackToTheSameScenario(String id) {
    Scenario scenario = Fixtures.scenario(id);
    Scenario again =
        ScenarioParser.parse(
            Fixtures.json(
                new String(ScenarioJson.toBytes(scenario), StandardCharsets.UTF_8)
                    .replace('"', '\'')),
            "scenario");
    assertThat(again).isEqualTo(scenario);
  }

  /** 10,000 ticks of every scenario, checking the invariants on every step. */
  @ParameterizedTest
  @MethodSource("ids")
  void runsTenThousandTicksKeepingTheInvariants(String id) {
    Simulation sim = Fixtures.start(id);
    InvariantChecker checker = new InvariantChecker();
    sim.advance(10_000, checker);
    assertThat(checker.steps).isEqualTo(10_000);
    assertThat(sim.nextTick()).isEqualTo(10_000);
  }

  static final class InvariantChecker implements EngineListener {
    int steps;
    private final Set<String> lost = new HashSet<>();

    @Override
    public void onStep(Step step) {
      assertThat(step.tick()).isEqualTo(steps);
      assertThat(step.state().tick()).isEqualTo(step.tick());
      assertThat(step.state().b()).isBetween(0.0, 1.0);
      for (AgentSnapshot agent : step.agents()) {
        if (lost.contains(agent.id())) {
          assertThat(agent.status())
              .as("lost agent %s at %d", agent.id(), step.tick())
              .isEqualTo("lost");
        }
        if (agent.status().equals("lost")) {
          lost.add(agent.id());
        }
      }
      assertThat(step.state().lost()).isEqualTo(lost.size());
      steps++;
    }
  }
}
