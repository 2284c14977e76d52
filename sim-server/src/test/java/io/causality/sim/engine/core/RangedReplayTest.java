package io.causality.sim.engine.core;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import io.causality.sim.engine.Fixtures;
import io.causality.sim.engine.input.EngineInput;
import io.causality.sim.engine.input.InputJson;
import io.causality.sim.engine.input.InputParser;
import io.causality.sim.engine.input.ScheduledInput;
import io.causality.sim.engine.output.EngineListener;
import io.causality.sim.engine.output.Step;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A replay told only of a range of ticks: the same steps as a whole replay, inputs applied once.
 */
class RangedReplayTest {
  private static final JsonFactory JSON = new JsonFactory();

  /** The inputs a live run persisted: two at tick 130, one at 30. */
  private static List<ScheduledInput> persisted(long end) {
    Map<Long, List<EngineInput>> script =
        Map.of(
            30L,
            List.of(
                InputParser.decree(
                    "attractor.add",
                    Fixtures.json(
                        "{'name': 'refuge', 'x': 80, 'y': 20, 'strength': 9, 'radius': 10}"))),
            130L,
            List.of(
                InputParser.decree(
                    "shock", Fixtures.json("{'magnitude': 2, 'x': 50, 'y': 50, 'radius': 20}")),
                InputParser.policyChange("a03", 0.2, null)));
    Simulation live = Fixtures.start("prophecy-loop");
    List<String> log = new ArrayList<>();
    while (live.nextTick() < end) {
      for (EngineInput input : script.getOrDefault(live.nextTick(), List.of())) {
        log.add(InputJson.write(live.submit(input)));
      }
      live.advance(1, EngineListener.NONE);
    }
    return log.stream()
        .map(text -> InputParser.scheduled(Fixtures.json(text.replace('"', '\''))))
        .toList();
  }

  /** Each step told, as the trace writes it. */
  private static final class Steps implements EngineListener {
    final List<String> written = new ArrayList<>();

    @Override
    public void onStep(Step step) {
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      try (JsonGenerator gen = JSON.createGenerator(out)) {
        step.writeJson(gen);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      written.add(out.toString(StandardCharsets.UTF_8));
    }
  }

  @Test
  void aRangeStartingAtAnInputsTickTellsTheWholeReplaysSteps() {
    List<ScheduledInput> log = persisted(200);
    Steps whole = new Steps();
    Simulation all = Fixtures.start("prophecy-loop");
    all.replay(log, 200, whole);

    Steps range = new Steps();
    Simulation ranged = Fixtures.start("prophecy-loop");
    ranged.replay(log, 130, 160, range);

    assertThat(range.written).isEqualTo(whole.written.subList(130, 160));
    assertThat(range.written.get(0)).contains("\"tick\":130");
  }

  @Test
  void aRangePastTheEndTellsNothingAndStopsAtTheEnd() {
    List<ScheduledInput> log = persisted(50);
    Steps range = new Steps();
    Simulation ranged = Fixtures.start("prophecy-loop");
    ranged.replay(log, 80, 50, range);

    assertThat(range.written).isEmpty();
    assertThat(ranged.nextTick()).isEqualTo(50);
  }
}
