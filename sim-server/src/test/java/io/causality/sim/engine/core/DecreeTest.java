package io.causality.sim.engine.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import io.causality.sim.engine.EngineValidationException;
import io.causality.sim.engine.Fixtures;
import io.causality.sim.engine.UnknownAgentException;
import io.causality.sim.engine.ValidationIssue;
import io.causality.sim.engine.input.InputParser;
import io.causality.sim.engine.model.Rule;
import io.causality.sim.engine.output.AgentSnapshot;
import io.causality.sim.engine.output.AttractorState;
import io.causality.sim.engine.output.EngineEvent;
import io.causality.sim.engine.output.EngineListener;
import io.causality.sim.engine.output.InputApplied;
import io.causality.sim.engine.output.Step;
import java.util.ArrayList;
import java.util.List;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.assertj.core.groups.Tuple;
import org.junit.jupiter.api.Test;

class DecreeTest {
  private final Simulation sim =
      Fixtures.REGISTRY.latest().newSimulation(Fixtures.small("{'prophecyInterval': 0}"));
  private final Simulation twin =
      Fixtures.REGISTRY.latest().newSimulation(Fixtures.small("{'prophecyInterval': 0}"));

  private void decree(String type, String payload) {
    sim.submit(InputParser.decree(type, Fixtures.json(payload)));
  }

  /** Advances both the simulation and its undisturbed twin one tick; returns the step. */
  private Step tick() {
    Recorder recorder = new Recorder();
    sim.advance(1, recorder);
    twin.advance(1, EngineListener.NONE);
    return recorder.steps.get(0);
  }

  private static AgentSnapshot agent(List<AgentSnapshot> agents, String id) {
    return agents.stream().filter(a -> a.id().equals(id)).findFirst().orElseThrow();
  }

  private static double speed(AgentSnapshot a) {
    return Math.hypot(a.vx(), a.vy());
  }

  private static List<String> names(List<AttractorState> attractors) {
    return attractors.stream().map(AttractorState::name).toList();
  }

  @Test
  void shockWithoutCentreKicksEveryAgent() {
    decree("shock", "{'magnitude': 4}");
    Step step = tick();
    assertThat(step.move()).isEqualTo("shock");
    assertThat(step.agents()).allSatisfy(a -> assertThat(speed(a)).isGreaterThan(1.5));
    assertThat(twin.agents()).allSatisfy(a -> assertThat(speed(a)).isLessThan(1.5));
  }

  @Test
  void shockWithCentreKicksOnlyAgentsWithinItsRadiusAwayFromTheCentre() {
    decree("shock", "{'magnitude': 4, 'x': 30, 'y': 50, 'radius': 5}");
    Step step = tick();
    AgentSnapshot a0 = agent(step.agents(), "a0");
    assertThat(a0.vy()).isGreaterThan(2);
    assertThat(agent(step.agents(), "a3")).isEqualTo(agent(twin.agents(), "a3"));
  }

  @Test
  void attractorAddCreatesABasinThatHoldsTheAgentsInside() {
    decree(
        "attractor.add", "{'name': 'middle', 'x': 50, 'y': 50, 'strength': 5, " + "'radius': 6}");
    Step step = tick();
    assertThat(names(step.state().attractors())).containsExactly("left", "right", "middle");
    assertThat(agent(step.agents(), "a5").basin()).isEqualTo("middle");
    assertThat(agent(twin.agents(), "a5").basin()).isNull();
  }

  @Test
  void attractorMoveMovesTheBasin() {
    decree("attractor.move", "{'name': 'left', 'x': 30, 'y': 62}");
    Step step = tick();
    AttractorState left = step.state().attractors().get(0);
    assertThat(left.x()).isEqualTo(30);
    assertThat(left.y()).isEqualTo(62);
    assertThat(agent(step.agents(), "a0").status()).isEqualTo("held");
    assertThat(agent(step.agents(), "a1").status()).isEqualTo("straying");
    assertThat(agent(twin.agents(), "a1").status()).isEqualTo("held");
  }

  @Test
  void attractorRemoveFreesTheAgentsItHeld() {
    decree("attractor.remove", "{'name': 'right'}");
    Step step = tick();
    assertThat(names(step.state().attractors())).containsExactly("left");
    assertThat(agent(step.agents(), "a3").basin()).isNull();
    assertThat(agent(step.agents(), "a3").status()).isEqualTo("free");
  }

  @Test
  void agentPolicySetsTheGivenParametersOnly() {
    decree("agent.policy", "{'agentId': 'a1', 'lambda': 2.5}");
    Step step = tick();
    assertThat(agent(step.agents(), "a1").lambda()).isEqualTo(2.5);
    assertThat(agent(step.agents(), "a1").gamma()).isEqualTo(0.5);
  }

  @Test
  void agentRemoveTakesTheAgentOutForGood() {
    decree("agent.remove", "{'agentId': 'a2'}");
    tick();
    sim.advance(20, EngineListener.NONE);
    assertThat(agent(sim.agents(), "a2").status()).isEqualTo("removed");
    assertThat(sim.state().removed()).isEqualTo(1);
    assertThat(sim.state().alive()).isEqualTo(5);
  }

  @Test
  void ruleSetChangesTheRuleFromTheNextTick() {
    decree("rule.set", "{'name': 'zeroSumAttractorCapture', 'value': true}");
    assertThat(sim.rules().flag(Rule.ZERO_SUM_ATTRACTOR_CAPTURE)).isFalse();
    tick();
    assertThat(sim.rules().flag(Rule.ZERO_SUM_ATTRACTOR_CAPTURE)).isTrue();
  }

  @Test
  void decreesApplyInSubmissionOrderAndAreAnnounced() {
    decree("attractor.add", "{'name': 'new', 'x': 50, 'y': 20, 'strength': 1, 'radius': 5}");
    decree("attractor.move", "{'name': 'new', 'x': 50, 'y': 80}");
    decree("attractor.remove", "{'name': 'new'}");
    Recorder recorder = new Recorder();
    sim.advance(1, recorder);
    assertThat(recorder.steps.get(0).move())
        .isEqualTo("attractor.add+attractor.move+attractor.remove");
    assertThat(recorder.events).hasSize(3).allMatch(e -> e instanceof InputApplied);
    assertThat(recorder.events.get(0).eventName()).isEqualTo("decree");
    assertThat(Fixtures.eventJson(recorder.events.get(1)))
        .isEqualTo(
            "{\"tick\":0,"
                + "\"kind\":\"decree\",\"type\":\"attractor.move\",\"payload\":{\"name\":\"new\","
                + "\"x\":50.0,\"y\":80.0}}");
    assertThat(names(sim.state().attractors())).containsExactly("left", "right");
  }

  @Test
  void unknownTypeNamesTheSupportedTypes() {
    assertIssues(
        () -> InputParser.decree("meteor", Fixtures.json("{}")),
        tuple(
            "type",
            "unsupported decree type 'meteor'; supported types: shock, "
                + "attractor.add, attractor.move, attractor.remove, agent.policy, "
                + "agent.remove, rule.set"));
  }

  @Test
  void payloadMustBeAnObject() {
    assertIssues(
        () -> InputParser.decree("shock", Fixtures.json("[1]")),
        tuple("payload", "must be an object"));
  }

  @Test
  void shockPayloadReportsEveryBadField() {
    assertIssues(
        () -> InputParser.decree("shock", Fixtures.json("{'x': 10, 'radius': -1, 'force': 2}")),
        tuple("payload.force", "unknown field; allowed: magnitude, x, y, radius"),
        tuple("payload.magnitude", "is required"),
        tuple("payload.radius", "must be between 0 and 20000"),
        tuple("payload.y", "is required when x is given"));
  }

  @Test
  void attractorAddPayloadReportsEveryBadField() {
    assertIssues(
        () ->
            InputParser.decree(
                "attractor.add", Fixtures.json("{'name': ' ', 'x': 'east', 'strength': -1}")),
        tuple("payload.name", "must not be blank"),
        tuple("payload.x", "must be a number"),
        tuple("payload.y", "is required"),
        tuple("payload.strength", "must be between 0 and 1000"),
        tuple("payload.radius", "is required"));
  }

  @Test
  void attractorDecreesAreCheckedAgainstTheStateTheyWillMeet() {
    assertIssues(
        () ->
            decree(
                "attractor.add", "{'name': 'left', 'x': 150, 'y': 10, 'strength': 1, 'radius': 5}"),
        tuple("payload.name", "attractor 'left' exists"),
        tuple("payload.x", "must be within the grid [0, 100]"));
    assertIssues(
        () -> decree("attractor.move", "{'name': 'centre', 'x': 1, 'y': 1}"),
        tuple("payload.name", "unknown attractor 'centre'; attractors: left, right"));
    decree("attractor.remove", "{'name': 'left'}");
    assertIssues(
        () -> decree("attractor.remove", "{'name': 'left'}"),
        tuple("payload.name", "unknown attractor 'left'; attractors: right"));
  }

  @Test
  void agentDecreesAreValidated() {
    assertIssues(
        () -> decree("agent.policy", "{'agentId': 'a1', 'gamma': 2}"),
        tuple("payload.gamma", "must be between 0 and 1"));
    assertIssues(
        () -> decree("agent.policy", "{'agentId': 'a1'}"),
        tuple("payload", "must set lambda, gamma or both"));
    assertIssues(
        () -> decree("agent.policy", "{'agentId': 'zz', 'lambda': 1}"),
        tuple("payload.agentId", "unknown agent 'zz'"));
    decree("agent.remove", "{'agentId': 'a1'}");
    assertIssues(
        () -> decree("agent.remove", "{'agentId': 'a1'}"),
        tuple("payload.agentId", "agent 'a1' is already lost or removed"));
  }

  @Test
  void ruleSetIsValidatedByRuleAndCostBound() {
    assertIssues(
        () -> decree("rule.set", "{'name': 'gravity', 'value': 1}"),
        tuple("payload.name", "unknown rule 'gravity'; rules: " + Rule.names()));
    assertIssues(
        () -> decree("rule.set", "{'name': 'prophecyDepth', 'value': 1.5}"),
        tuple("payload.value", "must be an integer between 1 and 5"));
    assertIssues(
        () -> decree("rule.set", "{'name': 'zeroSumAttractorCapture'}"),
        tuple("payload.value", "is required"));
    assertIssues(
        () -> decree("rule.set", "{'name': 'prophecyInterval', 'value': 5}"),
        tuple(
            "payload.value",
            "prophecyDepth x prophecyHorizon (75) must not exceed " + "8 x prophecyInterval (40)"));
    decree("rule.set", "{'name': 'prophecyInterval', 'value': 10}");
    assertIssues(
        () -> decree("rule.set", "{'name': 'prophecyHorizon', 'value': 100}"),
        tuple(
            "payload.value",
            "prophecyDepth x prophecyHorizon (300) must not exceed "
                + "8 x prophecyInterval (80)"));
  }

  @Test
  void policyChangeForAnUnknownAgentIsNotFound() {
    assertThatThrownBy(() -> sim.submit(InputParser.policyChange("ghost", 1.0, null)))
        .isInstanceOfSatisfying(
            UnknownAgentException.class, e -> assertThat(e.agentId()).isEqualTo("ghost"));
  }

  @Test
  void policyChangeBodyIsValidated() {
    assertIssues(
        () ->
            InputParser.policyChange(Fixtures.json("{'policy': {'lambda': -1, 'gamma': 'high'}}")),
        tuple("agentId", "is required"),
        tuple("policy.lambda", "must be between 0 and 10"),
        tuple("policy.gamma", "must be a number"));
    sim.submit(
        InputParser.policyChange(Fixtures.json("{'agentId': 'a4', 'policy': {'gamma': 0.05}}")));
    Recorder recorder = new Recorder();
    sim.advance(1, recorder);
    assertThat(recorder.steps.get(0).move()).isEqualTo("policy");
    assertThat(recorder.steps.get(0).warning().gammaAgents()).containsExactly("a4");
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

  static final class Recorder implements EngineListener {
    final List<Step> steps = new ArrayList<>();
    final List<EngineEvent> events = new ArrayList<>();

    @Override
    public void onStep(Step step) {
      steps.add(step);
    }

    @Override
    public void onEvent(EngineEvent event) {
      events.add(event);
    }
  }
}
