package io.causality.sim.engine.output;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import io.causality.sim.engine.Fixtures;
import io.causality.sim.engine.core.Simulation;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.junit.jupiter.api.Test;

class TraceWriterTest {
  private static final JsonFactory FACTORY = new JsonFactory();

  private static List<String> names(JsonNode node) {
    List<String> names = new ArrayList<>();
    Iterator<String> it = node.fieldNames();
    it.forEachRemaining(names::add);
    return names;
  }

  @Test
  void jsonTraceHasMetadataInitialStateAndOneStepPerTick() {
    JsonNode trace =
        Fixtures.json(
            new String(
                    Fixtures.trace(Fixtures.start("chaos-storm"), 30, Fixtures.script()),
                    StandardCharsets.UTF_8)
                .replace('"', '\''));
    assertThat(names(trace)).containsExactly("metadata", "initialState", "steps");
    assertThat(trace.get("metadata").get("engineVersion").asText()).isEqualTo("1.0.0");
    assertThat(trace.get("initialState").get("state").get("tick").asInt()).isEqualTo(-1);
    JsonNode steps = trace.get("steps");
    assertThat(steps).hasSize(30);
    JsonNode step = steps.get(3);
    assertThat(names(step)).containsExactly("tick", "move", "state", "warning", "loss", "agents");
    assertThat(names(step.get("agents").get(0))).containsExactly("id", "state", "policy");
    assertThat(names(step.get("state")))
        .containsExactly("tick", "b", "grid", "agents", "attractors");
    JsonNode lossStep = steps.get(3);
    assertThat(lossStep.get("loss").get("count").asInt()).isPositive();
    assertThat(names(lossStep.get("loss")))
        .containsExactly("tick", "agent", "magnitude", "count", "agents");
  }

  @Test
  void ndjsonPutsMetadataThenInitialStateThenOneStepPerLine() throws IOException {
    Simulation sim = Fixtures.start("stable-basins");
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (JsonGenerator gen = FACTORY.createGenerator(out)) {
      TraceWriter writer = TraceWriter.ndjson(gen, sim);
      sim.advance(4, writer);
      writer.finish();
    }
    String[] lines = out.toString(StandardCharsets.UTF_8).split("\n", -1);
    assertThat(lines).hasSize(7);
    assertThat(lines[0]).startsWith("{\"metadata\":{\"engineVersion\":\"1.0.0\"");
    assertThat(lines[1]).startsWith("{\"initialState\":{\"state\":{\"tick\":-1,");
    assertThat(lines[2]).startsWith("{\"tick\":0,\"move\":\"drift\",");
    assertThat(lines[5]).startsWith("{\"tick\":3,");
    assertThat(lines[6]).isEmpty();
  }

  @Test
  void tickPayloadHasTheSpecFields() throws IOException {
    Simulation sim = Fixtures.start("migration");
    List<Step> steps = new ArrayList<>();
    sim.advance(
        15,
        new EngineListener() {
          @Override
          public void onStep(Step step) {
            steps.add(step);
          }
        });
    Step step = steps.get(14);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (JsonGenerator gen = FACTORY.createGenerator(out)) {
      step.writeTickPayload(gen);
    }
    JsonNode tick = Fixtures.json(out.toString(StandardCharsets.UTF_8).replace('"', '\''));
    assertThat(names(tick)).containsExactly("t", "b", "lastMove", "state", "warning", "agents");
    assertThat(tick.get("t").asInt()).isEqualTo(14);
    assertThat(names(tick.get("warning")))
        .containsExactly("tick", "kinds", "b", "threshold", "gammaFloor", "agents");
    assertThat(tick.get("warning").get("kinds").get(0).asText()).isEqualTo("stability");
  }

  @Test
  void lossEventHasTheSpecFields() {
    LossEvent loss = new LossEvent(7, "a1", 2.5, null);
    assertThat(Fixtures.eventJson(loss))
        .isEqualTo("{\"tick\":7,\"magnitude\":2.5,\"agent\":\"a1\",\"basin\":null}");
  }
}
