package io.causality.sim.engine.output;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;

/**
 * A foretold loss that did not happen. SSE {@code paradox} data: {@code {"tick","agent",
 * "foretoldTick","prophecy","prophecyTick","cause"}}. Cause {@code decree} or {@code policy}: an
 * input applied since the prophecy (an agent.remove makes the loss impossible at once); {@code
 * reaction}: no input, so agents' reactions to prophecies averted it.
 */
public record Paradox(
    long tick, String agent, long foretoldTick, int prophecy, long prophecyTick, String cause)
    implements EngineEvent {

  @Override
  public String eventName() {
    return "paradox";
  }

  @Override
  public void writeJson(JsonGenerator gen) throws IOException {
    gen.writeStartObject();
    gen.writeNumberField("tick", tick);
    gen.writeStringField("agent", agent);
    gen.writeNumberField("foretoldTick", foretoldTick);
    gen.writeNumberField("prophecy", prophecy);
    gen.writeNumberField("prophecyTick", prophecyTick);
    gen.writeStringField("cause", cause);
    gen.writeEndObject();
  }
}
