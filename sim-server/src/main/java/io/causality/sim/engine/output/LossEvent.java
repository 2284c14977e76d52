package io.causality.sim.engine.output;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;

/**
 * One agent lost for good. SSE {@code loss} data: {@code {"tick","magnitude","agent","basin"}};
 * magnitude is the agent's speed when lost, basin the one it last belonged to (or null).
 */
public record LossEvent(long tick, String agent, double magnitude, String basin)
    implements EngineEvent {

  @Override
  public String eventName() {
    return "loss";
  }

  @Override
  public void writeJson(JsonGenerator gen) throws IOException {
    gen.writeStartObject();
    gen.writeNumberField("tick", tick);
    Json.number(gen, "magnitude", magnitude);
    gen.writeStringField("agent", agent);
    Json.nullableString(gen, "basin", basin);
    gen.writeEndObject();
  }
}
