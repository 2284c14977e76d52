package io.causality.sim.engine.output;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.util.List;

/**
 * One tick of a trace: the spec's Step. {@code move} is "drift" when no input applied at this tick,
 * else the labels of the applied inputs joined by "+", in order ("shock+policy").
 *
 * <p>{@code agents} holds every agent and {@code changed} the agents whose status or basin changed
 * during the tick, each only when a listener asked for it ({@link EngineListener#agentsWanted}),
 * else empty: a step of 100,000 agents builds none of them for a listener that wants none.
 */
public record Step(
    long tick,
    String move,
    StateSnapshot state,
    Warning warning,
    Loss loss,
    List<AgentSnapshot> agents,
    List<AgentSnapshot> changed) {
  public Step {
    agents = List.copyOf(agents);
    changed = List.copyOf(changed);
  }

  /** A step with every agent (and no changed list). */
  public Step(
      long tick,
      String move,
      StateSnapshot state,
      Warning warning,
      Loss loss,
      List<AgentSnapshot> agents) {
    this(tick, move, state, warning, loss, agents, List.of());
  }

  /** The trace form with every agent: {@code {"tick","move","state","warning","loss","agents"}}. */
  public void writeJson(JsonGenerator gen) throws IOException {
    writeJson(gen, AgentSelection.ALL);
  }

  /** The trace form, {@code agents} holding the {@code selection}. */
  public void writeJson(JsonGenerator gen, AgentSelection selection) throws IOException {
    gen.writeStartObject();
    gen.writeNumberField("tick", tick);
    gen.writeStringField("move", move);
    gen.writeFieldName("state");
    state.writeJson(gen);
    writeWarning(gen);
    writeLoss(gen);
    writeAgents(gen, selection);
    gen.writeEndObject();
  }

  /** The SSE {@code tick} data with every agent. */
  public void writeTickPayload(JsonGenerator gen) throws IOException {
    writeTickPayload(gen, AgentSelection.ALL);
  }

  /**
   * The SSE {@code tick} data: {@code {"t","b","lastMove","state","warning","agents"}}, {@code
   * agents} holding the {@code selection}.
   */
  public void writeTickPayload(JsonGenerator gen, AgentSelection selection) throws IOException {
    gen.writeStartObject();
    gen.writeNumberField("t", tick);
    Json.number(gen, "b", state.b());
    gen.writeStringField("lastMove", move);
    gen.writeFieldName("state");
    state.writeJson(gen);
    writeWarning(gen);
    writeAgents(gen, selection);
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

  /** The agents a tick written with {@code selection} carries. */
  public List<AgentSnapshot> agents(AgentSelection selection) {
    return switch (selection) {
      case ALL -> agents;
      case CHANGED -> changed;
      case NONE -> List.of();
    };
  }

  private void writeAgents(JsonGenerator gen, AgentSelection selection) throws IOException {
    gen.writeArrayFieldStart("agents");
    for (AgentSnapshot agent : agents(selection)) {
      agent.writeJson(gen);
    }
    gen.writeEndArray();
  }
}
