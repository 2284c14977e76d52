package io.causality.sim.engine.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.causality.sim.engine.EngineLimits;
import io.causality.sim.engine.EngineValidationException;
import io.causality.sim.engine.Fixtures;
import io.causality.sim.engine.SizeLimits;
import io.causality.sim.engine.ValidationIssue;
import io.causality.sim.engine.model.AgentSpec;
import io.causality.sim.engine.model.Rule;
import io.causality.sim.engine.model.Scenario;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.assertj.core.groups.Tuple;
import org.junit.jupiter.api.Test;

class ScenarioParserTest {
  private static final String GRID =
      "'initialState': {'grid': {'width': 50, 'height': 40},"
          + " 'attractors': [{'name': 'home', 'x': 10, 'y': 10, 'strength': 3, 'radius': 5}]}";

  @Test
  void readsAnInlineScenarioWithDefaults() {
    Scenario s =
        ScenarioParser.parse(
            Fixtures.json(
                "{'seed': 5, "
                    + GRID
                    + ", 'agents': ["
                    + "{'id': 'x', 'marker': {'x': 1, 'y': 2}}]}"),
            "scenario");
    assertThat(s.id()).isNull();
    assertThat(s.seed()).isEqualTo(5);
    assertThat(s.grid().width()).isEqualTo(50);
    AgentSpec agent = s.agents().get(0);
    assertThat(agent.lambda()).isEqualTo(AgentSpec.DEFAULT_LAMBDA);
    assertThat(agent.gamma()).isEqualTo(AgentSpec.DEFAULT_GAMMA);
    assertThat(agent.heedsProphecies()).isTrue();
    assertThat(s.ruleOverrides()).isEmpty();
    assertThat(s.nodeLabels().x()).isEqualTo("x");
  }

  @Test
  void reportsEveryBadFieldWithItsPath() {
    assertIssues(
        () ->
            ScenarioParser.parse(
                Fixtures.json(
                    "{'seed': 1.5, "
                        + GRID
                        + ", 'rules': {'zeroSumAttractorCapture': 1, 'warp': true},"
                        + " 'agents': [{'id': 'a', 'marker': {'x': 'left', 'y': 41},"
                        + " 'policy': {'gamma': 3}, 'attractorPreferences': {'away': 1}},"
                        + " {'id': 'a', 'marker': {'x': 1, 'y': 1}}]}"),
                "scenario"),
        tuple("scenario.seed", "must be an integer"),
        tuple("scenario.rules.warp", "unknown rule; rules: " + Rule.names()),
        tuple("scenario.rules.zeroSumAttractorCapture", "must be a boolean"),
        tuple("scenario.agents[0].marker.x", "must be a number"),
        tuple("scenario.agents[0].marker.y", "must be within the grid [0, 40]"),
        tuple("scenario.agents[0].policy.gamma", "must be between 0 and 1"),
        tuple("scenario.agents[0].attractorPreferences.away", "unknown attractor 'away'"),
        tuple("scenario.agents[1].id", "duplicate agent id 'a'"));
  }

  @Test
  void requiredPartsAreNamed() {
    assertIssues(
        () -> ScenarioParser.parse(Fixtures.json("{}"), "scenario"),
        tuple("scenario.seed", "is required"),
        tuple("scenario.initialState", "is required"),
        tuple("scenario.agents", "is required"));
    assertIssues(
        () -> ScenarioParser.parse(Fixtures.json("7"), "scenario"),
        tuple("scenario", "must be an object"));
  }

  @Test
  void enforcesTheAgentLimit() {
    ObjectNode root = (ObjectNode) Fixtures.json("{'seed': 1, " + GRID + "}");
    ArrayNode agents = root.putArray("agents");
    for (int i = 0; i <= EngineLimits.MAX_AGENTS; i++) {
      agents.add(Fixtures.json("{'id': 'a" + i + "', 'marker': {'x': 1, 'y': 1}}"));
    }
    assertIssues(
        () -> ScenarioParser.parse(root, "scenario"),
        tuple("scenario.agents", "must have between 1 and 100000 items"));
  }

  @Test
  void enforcesALicensesLimitsWithItsName() {
    ObjectNode root =
        (ObjectNode)
            Fixtures.json(
                "{'seed': 1, 'initialState': {'grid': {'width': 50, 'height': 50}, 'attractors': ["
                    + "{'name': 'p', 'x': 1, 'y': 1, 'strength': 1, 'radius': 1},"
                    + "{'name': 'q', 'x': 2, 'y': 2, 'strength': 1, 'radius': 1}]}}");
    ArrayNode agents = root.putArray("agents");
    for (int i = 0; i < 4; i++) {
      agents.add(Fixtures.json("{'id': 'a" + i + "', 'marker': {'x': 1, 'y': 1}}"));
    }
    SizeLimits small = new SizeLimits(3, 1, "the tiny license");
    assertIssues(
        () -> ScenarioParser.parse(root, "scenario", small),
        tuple(
            "scenario.initialState.attractors",
            "must have between 0 and 1 items (the limit of the tiny license)"),
        tuple(
            "scenario.agents", "must have between 1 and 3 items (the limit of the tiny license)"));
    Scenario parsed = ScenarioParser.parse(root, "scenario", new SizeLimits(4, 2, "a license"));
    assertThat(parsed.agents()).hasSize(4);
    assertIssues(
        () -> ScenarioParser.requireWithin(parsed, small, "input"),
        tuple("input", "the scenario has 4 agents; at most 3 (the limit of the tiny license)"),
        tuple("input", "the scenario has 2 attractors; at most 1 (the limit of the tiny license)"));
  }

  @Test
  void enforcesTheAttractorLimit() {
    ObjectNode root =
        (ObjectNode)
            Fixtures.json(
                "{'seed': 1, 'initialState': {'grid': "
                    + "{'width': 50, 'height': 50}}, 'agents': [{'id': 'a', 'marker': {'x': 1, "
                    + "'y': 1}}]}");
    ArrayNode attractors = ((ObjectNode) root.get("initialState")).putArray("attractors");
    for (int i = 0; i <= EngineLimits.MAX_ATTRACTORS; i++) {
      attractors.add(
          Fixtures.json("{'name': 'p" + i + "', 'x': 1, 'y': 1, " + "'strength': 1, 'radius': 1}"));
    }
    assertIssues(
        () -> ScenarioParser.parse(root, "scenario"),
        tuple("scenario.initialState.attractors", "must have between 0 and 256 items"));
  }

  @Test
  void enforcesTheProphecyCostBound() {
    assertIssues(
        () ->
            ScenarioParser.parse(
                Fixtures.json(
                    "{'seed': 1, "
                        + GRID
                        + ", 'rules': {'prophecyInterval': 2}, 'agents': [{'id': 'a',"
                        + " 'marker': {'x': 1, 'y': 1}}]}"),
                "scenario"),
        tuple(
            "scenario.rules.prophecyHorizon",
            "prophecyDepth x prophecyHorizon (75)" + " must not exceed 8 x prophecyInterval (16)"));
  }

  private static void assertIssues(ThrowingCallable call, Tuple... issues) {
    assertThatThrownBy(call)
        .isInstanceOfSatisfying(
            EngineValidationException.class,
            e ->
                assertThat(e.issues())
                    .extracting(ValidationIssue::path, ValidationIssue::message)
                    .containsExactly(issues));
  }
}
