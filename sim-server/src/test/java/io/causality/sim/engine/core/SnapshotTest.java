package io.causality.sim.engine.core;

import static io.causality.sim.engine.Fixtures.trace;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.causality.common.testing.Await;
import io.causality.sim.engine.Fixtures;
import io.causality.sim.engine.input.EngineInput;
import io.causality.sim.engine.input.InputJson;
import io.causality.sim.engine.input.InputParser;
import io.causality.sim.engine.input.ScheduledInput;
import io.causality.sim.engine.json.JsonTree;
import io.causality.sim.engine.model.AgentSpec;
import io.causality.sim.engine.model.Scenario;
import io.causality.sim.engine.output.EngineListener;
import io.causality.sim.engine.scenario.ScenarioJson;
import io.causality.sim.engine.scenario.ScenarioParser;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.lang.ref.WeakReference;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SnapshotTest {
  private static Map<Long, List<EngineInput>> inputs() {
    Map<Long, List<EngineInput>> script = Fixtures.script();
    script.put(
        30L,
        List.of(
            InputParser.decree(
                "attractor.add",
                Fixtures.json(
                    "{'name': 'refuge', 'x': 80, 'y': 20, 'strength': 9, 'radius': 10}"))));
    script.put(
        130L,
        List.of(
            InputParser.decree(
                "shock", Fixtures.json("{'magnitude': 2, 'x': 50, 'y': 50, 'radius': 20}")),
            InputParser.policyChange("a03", 0.2, null)));
    script.put(
        260L,
        List.of(
            InputParser.decree(
                "rule.set", Fixtures.json("{'name': 'zeroSumAttractorCapture', 'value': true}"))));
    return script;
  }

  @Test
  void restoredSnapshotContinuesExactlyLikeTheUninterruptedRun() {
    Simulation whole = Fixtures.start("prophecy-loop");
    Fixtures.run(whole, 150, inputs(), EngineListener.NONE);
    byte[] expected = trace(whole, 250, inputs());

    Simulation first = Fixtures.start("prophecy-loop");
    Fixtures.run(first, 150, inputs(), EngineListener.NONE);
    Simulation restored = Fixtures.REGISTRY.restore(first.snapshot(), first.scenarioJson());

    assertThat(restored.nextTick()).isEqualTo(150);
    assertThat(restored.prophecyCount()).isEqualTo(first.prophecyCount());
    assertThat(trace(restored, 250, inputs())).isEqualTo(expected);
  }

  @Test
  void snapshotsOfEqualStatesAreEqualBytes() {
    Simulation a = Fixtures.start("chaos-storm");
    Simulation b = Fixtures.start("chaos-storm");
    a.advance(77, EngineListener.NONE);
    b.advance(77, EngineListener.NONE);
    assertThat(a.snapshot()).isEqualTo(b.snapshot());
    assertThat(Fixtures.REGISTRY.restore(a.snapshot(), a.scenarioJson()).snapshot())
        .isEqualTo(a.snapshot());
  }

  @Test
  void aSimulationKeepsItsScenarioAsItsCanonicalJsonOnceAsked() {
    Simulation simulation = Fixtures.start("chaos-storm");
    simulation.advance(12, EngineListener.NONE);
    byte[] before = simulation.snapshot();

    byte[] json = simulation.scenarioJson();

    assertThat(json).isEqualTo(ScenarioJson.toBytes(Fixtures.scenario("chaos-storm")));
    assertThat(simulation.scenarioJson()).isSameAs(json);
    assertThat(simulation.snapshot()).isEqualTo(before);
    assertThat(simulation.agentCount()).isEqualTo(Fixtures.scenario("chaos-storm").agents().size());
  }

  @Test
  void aSimulationOfAStoredScenarioKeepsItsBytesAndRunsAsTheOriginal() throws Exception {
    byte[] stored = ScenarioJson.toBytes(Fixtures.scenario("prophecy-loop"));
    Scenario scenario = ScenarioParser.parse(JsonTree.read(stored), "scenario");
    WeakReference<Scenario> parsed = new WeakReference<>(scenario);
    WeakReference<AgentSpec> agent = new WeakReference<>(scenario.agents().get(0));

    Simulation rebuilt =
        Simulation.create(Fixtures.REGISTRY.latest(), scenario, stored, TickThreads.single());
    scenario = null;

    assertThat(rebuilt.scenarioJson()).isSameAs(stored);
    assertThat(trace(rebuilt, 250, inputs()))
        .isEqualTo(trace(Fixtures.start("prophecy-loop"), 250, inputs()));
    // the simulation holds none of the parsed scenario's objects
    Await.until(
        "the parsed scenario is collected",
        Duration.ofSeconds(10),
        () -> {
          System.gc();
          return parsed.get() == null && agent.get() == null;
        });
    assertThat(rebuilt.agentCount()).isPositive();
  }

  @Test
  void persistedInputsReplayToTheSameTraceFromScratchOrFromASnapshot() {
    Simulation live = Fixtures.start("zero-sum-capture");
    List<String> persisted = new ArrayList<>();
    Map<Long, List<EngineInput>> script = inputs();
    long end = 400;
    byte[] snapshotAt200 = null;
    while (live.nextTick() < end) {
      for (EngineInput input : script.getOrDefault(live.nextTick(), List.of())) {
        persisted.add(InputJson.write(live.submit(input)));
      }
      if (live.nextTick() == 200) {
        snapshotAt200 = live.snapshot();
      }
      live.advance(1, EngineListener.NONE);
    }
    List<ScheduledInput> log =
        persisted.stream()
            .map(text -> InputParser.scheduled(Fixtures.json(text.replace('"', '\''))))
            .toList();

    Simulation rebuilt = Fixtures.start("zero-sum-capture");
    rebuilt.replay(log, end, EngineListener.NONE);
    assertThat(rebuilt.snapshot()).isEqualTo(live.snapshot());

    Simulation resumed = Fixtures.REGISTRY.restore(snapshotAt200, live.scenarioJson());
    resumed.replay(log, end, EngineListener.NONE);
    assertThat(resumed.snapshot()).isEqualTo(live.snapshot());
  }

  @Test
  void aReplayedInputMustBeForTheNextTick() {
    Simulation sim = Fixtures.start("stable-basins");
    ScheduledInput late = new ScheduledInput(5, InputParser.policyChange("a00", 1.0, null));
    assertThatThrownBy(() -> sim.submit(late)).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void garbageIsNotASnapshot() {
    assertThatThrownBy(
            () -> Fixtures.REGISTRY.restore(new byte[] {1, 2, 3, 4, 5, 6, 7, 8}, new byte[0]))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void aSnapshotCarriesTheStateAloneNotTheScenario() {
    Simulation simulation = Fixtures.start("chaos-storm");
    simulation.advance(30, EngineListener.NONE);

    byte[] snapshot = simulation.snapshot();

    String text = new String(snapshot, StandardCharsets.ISO_8859_1);
    assertThat(text).doesNotContain("\"agents\":[").doesNotContain("chaos");
    assertThat(snapshot.length).isLessThan(simulation.agentCount() * 69 + 64 * 1024);
  }

  @Test
  void aSnapshotOfTheFirstFormatIsRestoredOntoTheScenarioItCarries() throws Exception {
    Simulation simulation = Fixtures.start("prophecy-loop");
    Fixtures.run(simulation, 150, inputs(), EngineListener.NONE);
    byte[] current = simulation.snapshot();

    Simulation restored =
        Fixtures.REGISTRY.restore(
            firstFormat(current, simulation.scenarioJson()),
            () -> {
              throw new AssertionError("a snapshot of the first format carries its scenario");
            },
            TickThreads.single());

    assertThat(restored.snapshot()).isEqualTo(current);
    assertThat(restored.scenarioJson()).isEqualTo(simulation.scenarioJson());
  }

  /** What format 1 wrote: the header, the scenario's JSON, then the state as format 2 does. */
  private static byte[] firstFormat(byte[] snapshot, byte[] scenarioJson) throws IOException {
    DataInputStream in = new DataInputStream(new ByteArrayInputStream(snapshot));
    int magic = in.readInt();
    in.readInt();
    String version = in.readUTF();
    byte[] state = in.readAllBytes();
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (DataOutputStream out = new DataOutputStream(bytes)) {
      out.writeInt(magic);
      out.writeInt(1);
      out.writeUTF(version);
      out.writeInt(scenarioJson.length);
      out.write(scenarioJson);
      out.write(state);
    }
    return bytes.toByteArray();
  }
}
