package io.causality.sim.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.causality.sim.core.experiments.Experiment;
import io.causality.sim.core.experiments.ExperimentRunner;
import io.causality.sim.core.experiments.Pacer;
import io.causality.sim.core.experiments.RunResult;
import io.causality.sim.core.experiments.RunScenarios;
import io.causality.sim.engine.core.EngineRegistry;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The experiments' driver measures what docs/performance.md says: its anchor computes the very runs
 * the server's workers compute (the same scenarios, seeds and final b), and the definition it
 * submits is the workload the anchor computes.
 */
class ExperimentsDriverTest {
  private static final EngineRegistry ENGINES = EngineRegistry.standard();

  @Test
  void theAnchorComputesTheRunnersRuns() {
    Experiment experiment = ExperimentsWorkload.experiment(10, 30, ENGINES);
    ExperimentRunner runner = new ExperimentRunner(ENGINES);
    double expected = 0;
    Set<Double> finals = new HashSet<>();
    for (int i = 0; i < experiment.runs(); i++) {
      RunResult run = runner.run(new RunScenarios(experiment), i, Pacer.NONE);
      assertThat(run.ok()).isTrue();
      expected += run.finalB();
      finals.add(run.finalB());
    }
    assertThat(finals).as("the runs differ, so a checksum tells them apart").hasSize(10);

    ExperimentsAnchor.Measured measured = ExperimentsAnchor.measure(experiment, ENGINES.latest());

    assertThat(measured.runs()).isEqualTo(10);
    assertThat(measured.checksum()).isEqualTo(expected);
    assertThat(measured.wallNanos()).isPositive();
    assertThat(measured.cpuNanos()).isPositive();

    ExperimentsAnchor.Measured onTwo = ExperimentsAnchor.measure(experiment, ENGINES.latest(), 2);
    assertThat(onTwo.runs()).isEqualTo(10);
    // the same runs, summed in another order
    assertThat(onTwo.checksum()).isCloseTo(expected, within(1e-9));
  }

  @Test
  void theLeastWorkComputesTheRunnersRunsAndStoresEach() throws Exception {
    Experiment experiment = ExperimentsWorkload.experiment(10, 30, ENGINES);
    double expected = ExperimentsAnchor.measure(experiment, ENGINES.latest()).checksum();

    ExperimentsAnchor.Measured stored = ExperimentsStoredAnchor.measure(experiment, ENGINES);

    assertThat(stored.runs()).isEqualTo(10);
    assertThat(stored.checksum()).isEqualTo(expected);
  }

  @Test
  void theSubmittedDefinitionIsTheAnchorsWorkload() throws Exception {
    JsonNode definition = new ObjectMapper().readTree(ExperimentsWorkload.definition(20, 40));
    assertThat(definition.get("scenarioId").asText()).isEqualTo("chaos-storm");
    assertThat(definition.get("replications").asInt()).isEqualTo(2);
    assertThat(definition.get("ticks").asInt()).isEqualTo(40);
    assertThat(definition.get("parameters").get("agents[*].policy.lambda")).hasSize(10);
    assertThat(definition.get("collect").get("every").asInt()).isEqualTo(5);

    Experiment experiment = ExperimentsWorkload.experiment(20, 40, ENGINES);
    assertThat(experiment.runs()).isEqualTo(20);
    assertThat(experiment.ticks()).isEqualTo(40);
    assertThat(experiment.grid().combinations()).isEqualTo(10);
  }

  @Test
  void anExperimentReaches100000RunsWithinTheReplicationsLimit() throws Exception {
    JsonNode definition = new ObjectMapper().readTree(ExperimentsWorkload.definition(99_999, 100));
    assertThat(definition.get("parameters").get("agents[*].policy.lambda")).hasSize(10);
    assertThat(definition.get("replications").asInt()).isEqualTo(9_999);
  }

  @Test
  void pollsSeldomWhileTheRunsGoOnAndEvery5MsNearTheirEnd() throws Exception {
    ObjectMapper json = new ObjectMapper();
    JsonNode started =
        json.readTree("{\"progress\": {\"done\": 0, \"failed\": 0, \"total\": 1000}}");
    JsonNode early =
        json.readTree("{\"progress\": {\"done\": 90, \"failed\": 10, \"total\": 1000}}");
    JsonNode late =
        json.readTree("{\"progress\": {\"done\": 990, \"failed\": 0, \"total\": 1000}}");

    assertThat(ExperimentsLoad.pollMillis(started, 0)).isEqualTo(100);
    // 100 runs in 1 s: 9 s left, polled after a second at most
    assertThat(ExperimentsLoad.pollMillis(early, 1_000_000_000L)).isEqualTo(1000);
    // 990 runs in 1 s: 10 ms left, polled after 5 ms
    assertThat(ExperimentsLoad.pollMillis(late, 1_000_000_000L)).isEqualTo(5);
  }

  @Test
  void anExperimentHasAtLeastOneReplication() {
    assertThat(ExperimentsWorkload.experiment(2, 10, ENGINES).runs()).isEqualTo(10);
    assertThat(ExperimentsWorkload.experiment(10_005, 10, ENGINES).runs()).isEqualTo(10_000);
  }

  @Test
  void theWarmUpsSpendTwiceTheMeasuredRunsWithinTheirOrganizationsPeriod() {
    assertThat(ExperimentsLoad.warmUpBudget(60)).isEqualTo(120);
    assertThat(ExperimentsLoad.warmUpBudget(30_000)).isEqualTo(60_000);
    assertThat(ExperimentsLoad.warmUpBudget(100_000)).isEqualTo(100_000);
  }
}
