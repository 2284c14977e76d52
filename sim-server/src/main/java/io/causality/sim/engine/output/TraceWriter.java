package io.causality.sim.engine.output;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.io.SerializedString;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;

/**
 * Streams a trace while a simulation advances; it is the listener passed to {@code
 * Simulation.advance} or {@code Simulation.replay}. JSON layout: {@code
 * {"metadata":{...},"initialState":{...},"steps":[...]}}; NDJSON layout: a line {@code
 * {"metadata":{...}}}, a line {@code {"initialState":{...}}}, then one step per line. initialState
 * is {@code {"state":{...},"agents":[...]}} before the first step. Output is byte-identical for
 * identical runs: fixed field order, numbers by {@code Num}.
 */
public final class TraceWriter implements EngineListener {
  private final JsonGenerator gen;
  private final boolean ndjson;

  private TraceWriter(JsonGenerator gen, boolean ndjson) {
    this.gen = gen;
    this.ndjson = ndjson;
  }

  /** Starts a JSON trace of {@code simulation} from its next tick; call before advancing. */
  public static TraceWriter json(JsonGenerator gen, TraceSource simulation) {
    TraceWriter writer = new TraceWriter(gen, false);
    writer.header(simulation.traceMetadata(), simulation.state(), simulation.agents());
    return writer;
  }

  /** Starts an NDJSON trace; the generator writes each root value on its own line. */
  public static TraceWriter ndjson(JsonGenerator gen, TraceSource simulation) {
    gen.setRootValueSeparator(new SerializedString(""));
    TraceWriter writer = new TraceWriter(gen, true);
    writer.header(simulation.traceMetadata(), simulation.state(), simulation.agents());
    return writer;
  }

  private void header(TraceMetadata metadata, StateSnapshot state, List<AgentSnapshot> agents) {
    try {
      gen.writeStartObject();
      gen.writeFieldName("metadata");
      metadata.writeJson(gen);
      if (ndjson) {
        endLine();
        gen.writeStartObject();
      }
      gen.writeFieldName("initialState");
      writeInitialState(gen, state, agents);
      if (ndjson) {
        endLine();
      } else {
        gen.writeArrayFieldStart("steps");
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The initialState object: the state fields followed by {@code agents}. */
  static void writeInitialState(JsonGenerator gen, StateSnapshot state, List<AgentSnapshot> agents)
      throws IOException {
    gen.writeStartObject();
    gen.writeFieldName("state");
    state.writeJson(gen);
    gen.writeArrayFieldStart("agents");
    for (AgentSnapshot agent : agents) {
      agent.writeJson(gen);
    }
    gen.writeEndArray();
    gen.writeEndObject();
  }

  private void endLine() throws IOException {
    gen.writeEndObject();
    gen.writeRaw('\n');
  }

  @Override
  public void onStep(Step step) {
    try {
      step.writeJson(gen);
      if (ndjson) {
        gen.writeRaw('\n');
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Closes the steps array and the trace object (JSON) and flushes. */
  public void finish() {
    try {
      if (!ndjson) {
        gen.writeEndArray();
        gen.writeEndObject();
      }
      gen.flush();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
