package io.causality.sim.engine.output;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import io.causality.sim.engine.Fixtures;
import io.causality.sim.engine.core.Simulation;
import io.causality.sim.engine.input.EngineInput;
import io.causality.sim.engine.input.InputParser;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * {@code agents=changed} lists exactly the agents whose status or basin differ from the step before
 * (read off the whole trace), {@code none} lists no agent, and the rest of every step is the whole
 * trace's, byte for byte.
 */
class AgentSelectionTest {
  private static final JsonFactory FACTORY = new JsonFactory();
  private static final long TICKS = 300;

  /**
   * Inputs that change statuses and basins outside the physics too: a deeper basin added over held
   * agents takes them (their basin changes, their status does not), and its removal gives them
   * back.
   */
  private static Map<Long, List<EngineInput>> script() {
    Map<Long, List<EngineInput>> script = new TreeMap<>();
    script.put(
        20L,
        List.of(
            InputParser.decree(
                "attractor.add",
                Fixtures.json("{'name': 'ark', 'x': 30, 'y': 51, 'strength': 6, 'radius': 12}"))));
    script.put(2L, List.of(InputParser.decree("agent.remove", Fixtures.json("{'agentId': 'a4'}"))));
    script.put(
        90L, List.of(InputParser.decree("attractor.remove", Fixtures.json("{'name': 'ark'}"))));
    script.put(120L, List.of(InputParser.decree("shock", Fixtures.json("{'magnitude': 4}"))));
    return script;
  }

  private static JsonNode trace(AgentSelection selection) {
    Simulation sim = Fixtures.REGISTRY.latest().newSimulation(Fixtures.small("{}"));
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (JsonGenerator gen = FACTORY.createGenerator(out)) {
      TraceWriter writer = TraceWriter.json(gen, sim, selection);
      Fixtures.run(sim, TICKS, script(), writer);
      writer.finish();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    try {
      return Fixtures.MAPPER.readTree(out.toByteArray());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Test
  void changedListsTheAgentsWhoseStatusOrBasinChangedDuringTheTick() {
    JsonNode all = trace(AgentSelection.ALL);
    JsonNode changed = trace(AgentSelection.CHANGED);
    assertThat(changed.get("metadata").get("agentsShown").asText()).isEqualTo("changed");
    assertThat(all.get("metadata").has("agentsShown")).isFalse();
    assertThat(changed.get("initialState")).isEqualTo(all.get("initialState"));
    Map<String, String> before = statusAndBasin(all.get("initialState").get("agents"));
    int listed = 0;
    int basinOnly = 0;
    for (int t = 0; t < TICKS; t++) {
      JsonNode whole = all.get("steps").get(t);
      JsonNode step = changed.get("steps").get(t);
      Map<String, String> after = statusAndBasin(whole.get("agents"));
      List<JsonNode> expected = new ArrayList<>();
      for (JsonNode agent : whole.get("agents")) {
        String id = agent.get("id").asText();
        if (!after.get(id).equals(before.get(id))) {
          expected.add(agent);
          basinOnly += sameStatus(after.get(id), before.get(id)) ? 1 : 0;
        }
      }
      assertThat(step.get("agents")).as("tick %d", t).containsExactlyElementsOf(expected);
      assertThat(withoutAgents(step)).as("tick %d", t).isEqualTo(withoutAgents(whole));
      listed += expected.size();
      before = after;
    }
    assertThat(listed).as("the run changes statuses and basins").isGreaterThan(10);
    assertThat(basinOnly).as("some agents change basin and keep their status").isPositive();
  }

  private static boolean sameStatus(String after, String before) {
    return after.split("/")[0].equals(before.split("/")[0]);
  }

  @Test
  void noneListsNoAgentAnywhere() {
    JsonNode all = trace(AgentSelection.ALL);
    JsonNode none = trace(AgentSelection.NONE);
    assertThat(none.get("metadata").get("agentsShown").asText()).isEqualTo("none");
    assertThat(none.get("initialState").get("agents")).isEmpty();
    assertThat(none.get("initialState").get("state"))
        .isEqualTo(all.get("initialState").get("state"));
    for (int t = 0; t < TICKS; t++) {
      JsonNode step = none.get("steps").get(t);
      assertThat(step.get("agents")).isEmpty();
      assertThat(withoutAgents(step)).isEqualTo(withoutAgents(all.get("steps").get(t)));
    }
  }

  @Test
  void tickPayloadsCarryTheSelection() throws IOException {
    Simulation sim = Fixtures.start("chaos-storm");
    List<Step> steps = new ArrayList<>();
    sim.advance(
        5,
        new EngineListener() {
          @Override
          public java.util.Set<AgentSelection> agentsWanted() {
            return java.util.EnumSet.of(AgentSelection.ALL, AgentSelection.CHANGED);
          }

          @Override
          public void onStep(Step step) {
            steps.add(step);
          }
        });
    Step step = steps.get(3);
    assertThat(payload(step, AgentSelection.ALL).get("agents")).hasSize(step.agents().size());
    assertThat(payload(step, AgentSelection.CHANGED).get("agents")).hasSize(step.changed().size());
    assertThat(payload(step, AgentSelection.NONE).get("agents")).isEmpty();
    assertThat(payload(step, AgentSelection.NONE).get("t").asLong()).isEqualTo(3);
  }

  private static JsonNode payload(Step step, AgentSelection selection) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (JsonGenerator gen = FACTORY.createGenerator(out)) {
      step.writeTickPayload(gen, selection);
    }
    return Fixtures.MAPPER.readTree(out.toByteArray());
  }

  private static JsonNode withoutAgents(JsonNode step) {
    return ((com.fasterxml.jackson.databind.node.ObjectNode) step.deepCopy()).without("agents");
  }

  private static Map<String, String> statusAndBasin(JsonNode agents) {
    Map<String, String> out = new HashMap<>();
    for (JsonNode agent : agents) {
      JsonNode state = agent.get("state");
      out.put(agent.get("id").asText(), state.get("status").asText() + "/" + state.get("basin"));
    }
    return out;
  }
}
