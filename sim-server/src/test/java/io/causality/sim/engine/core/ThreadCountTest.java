package io.causality.sim.engine.core;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.causality.sim.engine.Fixtures;
import io.causality.sim.engine.input.EngineInput;
import io.causality.sim.engine.input.InputParser;
import io.causality.sim.engine.model.Scenario;
import io.causality.sim.engine.output.EngineEvent;
import io.causality.sim.engine.output.EngineListener;
import io.causality.sim.engine.output.LossEvent;
import io.causality.sim.engine.output.Paradox;
import io.causality.sim.engine.output.Step;
import io.causality.sim.engine.output.TraceWriter;
import io.causality.sim.engine.output.Warning;
import io.causality.sim.engine.scenario.ScenarioParser;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.security.DigestOutputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Every core, the same bytes: one scenario of 100,000 agents, run on 1, 2 and 4 threads, gives
 * traces with the same SHA-256, and the same exact b (the trace rounds it) at every tick. The run
 * is short (eight ticks) but goes through every path a tick's parts merge: losses, contagion,
 * erosion warnings, zero-sum capture, prophecies (forks that step on the same threads), paradoxes
 * and inputs.
 */
class ThreadCountTest {
  private static final int AGENTS = 100_000;
  private static final int TICKS = 8;
  private static final JsonFactory FACTORY = new JsonFactory();

  private static Scenario scenario;

  @BeforeAll
  static void buildScenario() {
    scenario = ScenarioParser.parse(scenarioJson(), "scenario");
  }

  @Test
  void aHundredThousandAgentsGiveTheSameTraceOnOneTwoAndFourThreads() {
    Run one = run(TickThreads.single());
    assertThat(one.losses).as("the run loses agents, so the parts' losses are merged").isPositive();
    assertThat(one.warnings).as("erosion raises gamma warnings").isPositive();
    assertThat(one.prophecies).as("prophecies fork and step").isPositive();
    for (int threads : new int[] {2, 4}) {
      try (TickThreads parallel = TickThreads.of(threads)) {
        Run many = run(parallel);
        assertThat(many.sha256).as("%d threads", threads).isEqualTo(one.sha256);
        // the trace rounds b to six decimals; the exact doubles must agree too
        assertThat(many.exactB).as("%d threads: b", threads).isEqualTo(one.exactB);
      }
    }
  }

  /** The SHA-256 of the whole JSON trace, streamed into the digest, and what the run saw. */
  private static Run run(TickThreads threads) {
    Simulation sim = Fixtures.REGISTRY.latest().newSimulation(scenario, threads);
    assertThat(sim.threads()).isSameAs(threads);
    try {
      MessageDigest digest = MessageDigest.getInstance("SHA-256");
      Run run = new Run();
      try (OutputStream out = new DigestOutputStream(OutputStream.nullOutputStream(), digest);
          JsonGenerator gen = FACTORY.createGenerator(out)) {
        TraceWriter writer = TraceWriter.json(gen, sim);
        Fixtures.run(sim, TICKS, inputs(), EngineListener.all(writer, run));
        writer.finish();
      }
      run.sha256 = HexFormat.of().formatHex(digest.digest());
      return run;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  private static Map<Long, List<EngineInput>> inputs() {
    Map<Long, List<EngineInput>> script = new TreeMap<>();
    script.put(2L, List.of(InputParser.policyChange("agent-17", 3.0, 0.06)));
    script.put(3L, List.of(InputParser.decree("shock", Fixtures.json("{'magnitude': 2}"))));
    script.put(
        6L,
        List.of(
            InputParser.decree(
                "attractor.add",
                Fixtures.json("{'name': 'late', 'x': 500, 'y': 500, 'strength': 9, 'radius': 30}")),
            InputParser.decree("agent.remove", Fixtures.json("{'agentId': 'agent-99999'}"))));
    return script;
  }

  /**
   * Twelve basins on a ring with agents around them, calm and stormy ones mixed, so that some stray
   * and are lost every tick while most stay held.
   */
  private static ObjectNode scenarioJson() {
    ObjectNode root = Fixtures.MAPPER.createObjectNode().put("seed", 33);
    ObjectNode initial = root.putObject("initialState");
    initial.putObject("grid").put("width", 1000).put("height", 1000);
    ArrayNode attractors = initial.putArray("attractors");
    for (int a = 0; a < 12; a++) {
      attractors
          .addObject()
          .put("name", "basin-" + a)
          .put("x", 500 + 300 * StrictMath.cos(2 * Math.PI * a / 12))
          .put("y", 500 + 300 * StrictMath.sin(2 * Math.PI * a / 12))
          .put("strength", 10)
          .put("radius", 20);
    }
    ArrayNode agents = root.putArray("agents");
    for (int i = 0; i < AGENTS; i++) {
      ObjectNode agent = agents.addObject().put("id", "agent-" + i);
      ObjectNode home = (ObjectNode) attractors.get(i % 12);
      agent
          .putObject("marker")
          .put("x", home.get("x").asDouble() + (i % 31) - 15)
          .put("y", home.get("y").asDouble() + (i % 29) - 14);
      agent
          .putObject("policy")
          .put("lambda", i % 10 == 0 ? 6 : 0.5)
          .put("gamma", i % 10 == 0 ? 0.12 : 0.4);
      if (i % 1000 == 0) {
        agent.putObject("attractorPreferences").put("basin-" + ((i / 1000) % 12), 3);
      }
    }
    root.putObject("rules")
        .put("zeroSumAttractorCapture", true)
        .put("lossContagion", 0.3)
        .put("gammaErosion", 0.02)
        .put("prophecyInterval", 3)
        .put("prophecyHorizon", 3)
        .put("prophecyDepth", 2);
    return root;
  }

  /** Counts what the run produced, to show the run exercises the merging paths. */
  private static final class Run implements EngineListener {
    String sha256;
    final List<Long> exactB = new ArrayList<>();
    int losses;
    int warnings;
    int prophecies;
    int paradoxes;

    @Override
    public void onStep(Step step) {
      exactB.add(Double.doubleToRawLongBits(step.state().b()));
    }

    @Override
    public void onEvent(EngineEvent event) {
      if (event instanceof LossEvent) {
        losses++;
      } else if (event instanceof Warning warning && !warning.gammaAgents().isEmpty()) {
        warnings++;
      } else if (event instanceof Paradox) {
        paradoxes++;
      } else if ("prophecy".equals(event.eventName())) {
        prophecies++;
      }
    }
  }
}
