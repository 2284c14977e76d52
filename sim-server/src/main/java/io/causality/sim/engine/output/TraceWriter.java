package io.causality.sim.engine.output;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.io.SerializedString;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Set;

/**
 * Streams a trace while a simulation advances; it is the listener passed to {@code
 * Simulation.advance} or {@code Simulation.replay}. JSON layout: {@code
 * {"metadata":{...},"initialState":{...},"steps":[...]}}; NDJSON layout: a line {@code
 * {"metadata":{...}}}, a line {@code {"initialState":{...}}}, then one step per line. initialState
 * is {@code {"state":{...},"agents":[...]}} before the first step. Output is byte-identical for
 * identical runs: fixed field order, numbers by {@code Num}. With an {@link AgentSelection} other
 * than {@code all}, the metadata ends with {@code "agentsShown"} and each step's {@code agents}
 * holds that selection (a trace of every agent is byte for byte what it always was).
 */
public final class TraceWriter implements EngineListener {
  private final JsonGenerator gen;
  private final boolean ndjson;
  private final AgentSelection selection;
  private final Set<AgentSelection> wanted;

  private TraceWriter(JsonGenerator gen, boolean ndjson, AgentSelection selection) {
    this.gen = gen;
    this.ndjson = ndjson;
    this.selection = selection;
    this.wanted = selection == AgentSelection.NONE ? Set.of() : Set.of(selection);
  }

  /** Starts a JSON trace of {@code simulation} from its next tick; call before advancing. */
  public static TraceWriter json(JsonGenerator gen, TraceSource simulation) {
    return json(gen, simulation, AgentSelection.ALL);
  }

  /** The same, each step carrying the agents of {@code selection}. */
  public static TraceWriter json(
      JsonGenerator gen, TraceSource simulation, AgentSelection selection) {
    TraceWriter writer = new TraceWriter(gen, false, selection);
    writer.header(simulation);
    return writer;
  }

  /** Starts an NDJSON trace; the generator writes each root value on its own line. */
  public static TraceWriter ndjson(JsonGenerator gen, TraceSource simulation) {
    return ndjson(gen, simulation, AgentSelection.ALL);
  }

  /** The same, each step carrying the agents of {@code selection}. */
  public static TraceWriter ndjson(
      JsonGenerator gen, TraceSource simulation, AgentSelection selection) {
    gen.setRootValueSeparator(new SerializedString(""));
    TraceWriter writer = new TraceWriter(gen, true, selection);
    writer.header(simulation);
    return writer;
  }

  @Override
  public Set<AgentSelection> agentsWanted() {
    return wanted;
  }

  /** Every agent in the initial state, the base that changed agents apply to; none for none. */
  private void header(TraceSource simulation) {
    List<AgentSnapshot> agents = selection == AgentSelection.NONE ? List.of() : simulation.agents();
    header(simulation.traceMetadata(), simulation.state(), agents);
  }

  private void header(TraceMetadata metadata, StateSnapshot state, List<AgentSnapshot> agents) {
    try {
      gen.writeStartObject();
      gen.writeFieldName("metadata");
      metadata.writeJson(gen, selection);
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
      step.writeJson(gen, selection);
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
