package io.causality.sim.core;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import io.causality.sim.engine.core.EngineRegistry;
import io.causality.sim.engine.core.Simulation;
import io.causality.sim.engine.output.AgentSelection;
import io.causality.sim.engine.output.EngineListener;
import io.causality.sim.engine.output.TraceWriter;
import io.causality.sim.engine.scenario.ScenarioCatalog;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The trace kept while a create-and-run computes its ticks, and its bound. */
class ComputedTraceTest {
  private static final EngineRegistry ENGINES = EngineRegistry.standard();

  private static Simulation fresh() {
    return ENGINES
        .latest()
        .newSimulation(ScenarioCatalog.standard().find("chaos-storm").orElseThrow());
  }

  private static byte[] replayed(TraceForm form) throws IOException {
    Simulation simulation = fresh();
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (JsonGenerator gen = new JsonFactory().createGenerator(out)) {
      TraceWriter writer =
          form.ndjson()
              ? TraceWriter.ndjson(gen, simulation, form.agents())
              : TraceWriter.json(gen, simulation, form.agents());
      simulation.replay(List.of(), 80, writer);
      writer.finish();
    }
    return out.toByteArray();
  }

  @Test
  void keepsTheTraceTheTicksMakeInEveryForm() throws IOException {
    for (TraceForm form :
        List.of(
            new TraceForm(false, AgentSelection.ALL),
            new TraceForm(true, AgentSelection.CHANGED),
            new TraceForm(false, AgentSelection.NONE))) {
      Simulation simulation = fresh();
      ComputedTrace trace = new ComputedTrace(simulation, form, 16 << 20);
      // as the advancer does: the ticks heard with the prophecies' listener beside it
      simulation.advance(80, EngineListener.all(EngineListener.NONE, trace));
      assertThat(kept(trace.finish().orElseThrow())).as("%s", form).isEqualTo(replayed(form));
    }
  }

  @Test
  void keepsATraceOfManyChunksWhole() throws IOException {
    TraceForm form = new TraceForm(false, AgentSelection.ALL);
    Simulation simulation = fresh();
    ComputedTrace trace = new ComputedTrace(simulation, form, 16 << 20);
    simulation.advance(80, trace);
    byte[] expected = replayed(form);
    // the 80 ticks of chaos-storm take several of the kept chunks
    assertThat(expected.length).isGreaterThan(3 * 64 * 1024);
    assertThat(kept(trace.finish().orElseThrow())).isEqualTo(expected);
  }

  private static byte[] kept(ComputedTrace.Kept kept) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    kept.writeTo(out);
    return out.toByteArray();
  }

  @Test
  void aTraceLargerThanTheBoundIsDroppedAndStopsAskingForSteps() throws IOException {
    Simulation simulation = fresh();
    ComputedTrace trace =
        new ComputedTrace(simulation, new TraceForm(false, AgentSelection.ALL), 4096);
    simulation.advance(80, trace);
    assertThat(trace.wantsSteps()).isFalse();
    assertThat(trace.finish()).isEqualTo(Optional.empty());
    assertThat(replayed(new TraceForm(false, AgentSelection.ALL)).length).isGreaterThan(4096);
  }
}
