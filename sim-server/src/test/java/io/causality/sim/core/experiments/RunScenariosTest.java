package io.causality.sim.core.experiments;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.causality.sim.engine.json.Issues;
import io.causality.sim.engine.model.Scenario;
import io.causality.sim.engine.scenario.ScenarioCatalog;
import java.util.List;
import org.junit.jupiter.api.Test;

class RunScenariosTest {
  private static final Scenario CHAOS =
      ScenarioCatalog.standard().find("chaos-storm").orElseThrow();

  private static Experiment experiment() throws Exception {
    Issues issues = new Issues();
    ParameterGrid grid =
        ParameterGrid.parse(
            new ObjectMapper()
                .readTree(
                    "{\"seed\": [5, 6], \"agents[*].policy.lambda\": [1, 2],"
                        + " \"rules.zeroSumAttractorCapture\": [true, false]}"),
            CHAOS,
            issues);
    issues.throwIfAny();
    return new Experiment(
        "chaos-storm",
        CHAOS,
        "1.0.0",
        42,
        grid,
        3,
        10,
        new Collect(List.of(Series.B), 5, List.of(Outcome.values())),
        false);
  }

  @Test
  void everyRunsScenarioIsTheDefinitionsInOrderOrNot() throws Exception {
    Experiment experiment = experiment();
    RunScenarios scenarios = new RunScenarios(experiment);
    int runs = (int) experiment.runs();
    for (int run = 0; run < runs; run++) {
      assertThat(scenarios.of(run)).as("run %d", run).isEqualTo(experiment.scenarioOf(run));
    }
    // back and forth between combinations, as a thread given another chunk would go
    for (int run : new int[] {runs - 1, 0, 4, 3, runs - 1, 4}) {
      assertThat(scenarios.of(run)).as("run %d", run).isEqualTo(experiment.scenarioOf(run));
    }
  }

  @Test
  void aCombinationsReplicationsShareItsAgentsAndDifferInTheirSeeds() throws Exception {
    RunScenarios scenarios = new RunScenarios(experiment());
    Scenario first = scenarios.of(0);
    Scenario second = scenarios.of(1);
    assertThat(second.agents()).isSameAs(first.agents());
    assertThat(second.seed()).isNotEqualTo(first.seed());
    assertThat(scenarios.of(3).agents()).isNotSameAs(first.agents());
  }
}
