package io.causality.sim.engine.output;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.util.List;

/**
 * One tick of a trace: the spec's Step. {@code move} is "drift" when no input applied at this tick,
 * else the labels of the applied inputs joined by "+", in order ("shock+policy").
 */
public record Step(
    long tick,
    String move,
    StateSnapshot state,
    Warning warning,
    Loss loss,
    List<AgentSnapshot> agents) {
  public Step {
    agents = List.copyOf(agents);
  }

  /** The trace form: {@code {"tick","move","state","warning","loss","agents"}}. */
  public void writeJson(JsonGenerator gen) throws IOException {
    gen.writeStartObject();
    gen.writeNumberField("tick", tick);
    gen.writeStringField("move", move);
    gen.writeFieldName("state");
    state.writeJson(gen);
    writeWarning(gen);
    writeLoss(gen);
    writeAgents(gen);
    gen.writeEndObject();
  }

  /** The SSE {@code tick} data: {@code {"t","b","lastMove","state","warning","agents"}}. */
  public void writeTickPayload(JsonGenerator gen) throws IOException {
    gen.writeStartObject();
    gen.writeNumberField("t", tick);
    Json.number(gen, "b", state.b());
    gen.writeStringField("lastMove", move);
    gen.writeFieldName("state");
    state.writeJson(gen);
    writeWarning(gen);
    writeAgents(gen);
    gen.writeEndObject();
  }

  private void writeWarning(JsonGenerator gen) throws IOException {
    gen.writeFieldName("warning");
    if (warning == null) {
      gen.writeNull();
    } else {
      warning.writeJson(gen);
    }
  }

  private void writeLoss(JsonGenerator gen) throws IOException {
    gen.writeFieldName("loss");
    if (loss == null) {
      gen.writeNull();
    } else {
      loss.writeJson(gen);
    }
  }

  private void writeAgents(JsonGenerator gen) throws IOException {
    gen.writeArrayFieldStart("agents");
    for (AgentSnapshot agent : agents) {
      agent.writeJson(gen);
    }
    gen.writeEndArray();
  }
}
