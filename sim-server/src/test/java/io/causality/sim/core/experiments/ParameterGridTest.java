package io.causality.sim.core.experiments;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.causality.sim.engine.json.Issues;
import io.causality.sim.engine.model.Rule;
import io.causality.sim.engine.model.Scenario;
import io.causality.sim.engine.scenario.ScenarioCatalog;
import java.util.List;
import org.junit.jupiter.api.Test;

class ParameterGridTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Scenario CHAOS =
      ScenarioCatalog.standard().find("chaos-storm").orElseThrow();

  private static ParameterGrid parse(String json, Issues issues) throws Exception {
    return ParameterGrid.parse(JSON.readTree(json), CHAOS, issues);
  }

  @Test
  void combinationsVaryTheFirstParameterSlowest() throws Exception {
    Issues issues = new Issues();
    ParameterGrid grid =
        parse(
            "{\"agents[*].policy.lambda\": [1, 2], \"agents[*].policy.gamma\": [0.1, 0.2, 0.3]}",
            issues);
    assertThat(issues.isEmpty()).isTrue();
    assertThat(grid.combinations()).isEqualTo(6);
    assertThat(grid.valuesOf(0).toString()).isEqualTo("[1, 0.1]");
    assertThat(grid.valuesOf(2).toString()).isEqualTo("[1, 0.3]");
    assertThat(grid.valuesOf(3).toString()).isEqualTo("[2, 0.1]");
  }

  @Test
  void aRangeGivesEvenStepsRoundedTo12Digits() throws Exception {
    Issues issues = new Issues();
    ParameterGrid grid =
        parse("{\"agents[*].policy.gamma\": {\"from\": 0, \"to\": 0.3, \"steps\": 4}}", issues);
    assertThat(grid.parameters().get(0).values().toString()).isEqualTo("[0, 0.1, 0.2, 0.3]");
  }

  @Test
  void appliesEachKindOfPathToTheScenario() throws Exception {
    Issues issues = new Issues();
    String agent = CHAOS.agents().get(3).id();
    String attractor = CHAOS.attractors().get(0).name();
    ParameterGrid grid =
        parse(
            "{\"agents["
                + agent
                + "].policy.lambda\": [7], \"attractors["
                + attractor
                + "].strength\": [3], \"rules.zeroSumAttractorCapture\": [true],"
                + " \"seed\": [99]}",
            issues);
    assertThat(issues.list()).isEmpty();
    Scenario applied = grid.apply(CHAOS, 0);
    assertThat(applied.agents().get(3).lambda()).isEqualTo(7);
    assertThat(applied.agents().get(2).lambda()).isEqualTo(CHAOS.agents().get(2).lambda());
    assertThat(applied.attractors().get(0).strength()).isEqualTo(3);
    assertThat(applied.ruleOverrides()).containsEntry(Rule.ZERO_SUM_ATTRACTOR_CAPTURE, 1.0);
    assertThat(grid.seedOf(0)).hasValue(99);
    assertThat(applied.seed()).isEqualTo(CHAOS.seed());
  }

  @Test
  void everyBadFieldIsOneIssue() throws Exception {
    Issues issues = new Issues();
    parse(
        "{\"agents[*].speed\": [1], \"agents[ghost].policy.gamma\": [0.5],"
            + " \"agents[*].policy.lambda\": [1, -1, \"x\"], \"rules.prophecyHorizon\": [500],"
            + " \"rules.zeroSumAttractorCapture\": {\"from\": 0, \"to\": 1, \"steps\": 2},"
            + " \"seed\": {\"from\": 1, \"to\": 2, \"steps\": 2, \"by\": 1}}",
        issues);
    List<String> paths = issues.list().stream().map(i -> i.path()).toList();
    assertThat(paths)
        .containsExactlyInAnyOrder(
            "parameters.agents[*].speed",
            "parameters.agents[ghost].policy.gamma",
            "parameters.agents[*].policy.lambda[1]",
            "parameters.agents[*].policy.lambda[2]",
            "parameters.rules.prophecyHorizon",
            "parameters.rules.zeroSumAttractorCapture",
            "parameters.seed.by");
  }

  @Test
  void overlappingPathsAndAnIntegerRuleRangeOfFractionsAreRefused() throws Exception {
    Issues issues = new Issues();
    parse(
        "{\"agents[*].policy.lambda\": [1], \"agents[a01].policy.lambda\": [2],"
            + " \"rules.prophecyDepth\": {\"from\": 1, \"to\": 2, \"steps\": 3}}",
        issues);
    assertThat(issues.list().stream().map(i -> i.path() + ": " + i.message()).toList())
        .anySatisfy(m -> assertThat(m).contains("agents[a01].policy.lambda: overlaps"))
        .anySatisfy(m -> assertThat(m).contains("prophecyDepth.steps: gives values"));
  }

  @Test
  void noParametersIsOneCombination() throws Exception {
    Issues issues = new Issues();
    ParameterGrid grid = ParameterGrid.parse((JsonNode) null, CHAOS, issues);
    assertThat(grid.combinations()).isEqualTo(1);
    assertThat(grid.apply(CHAOS, 0)).isEqualTo(CHAOS);
  }
}
