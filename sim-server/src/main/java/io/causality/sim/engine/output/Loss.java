package io.causality.sim.engine.output;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.util.List;

/**
 * A step's {@code loss}: every agent lost at that tick. JSON: {@code {"tick","agent",
 * "magnitude","count","agents":[{"agent","magnitude","basin"}]}} where agent is the first one lost
 * (in agent order) and magnitude the sum over all of them.
 */
public record Loss(long tick, List<LossEvent> events) {
  public Loss {
    events = List.copyOf(events);
    if (events.isEmpty()) {
      throw new IllegalArgumentException("a loss has at least one lost agent");
    }
  }

  public double totalMagnitude() {
    double sum = 0;
    for (LossEvent event : events) {
      sum += event.magnitude();
    }
    return sum;
  }

  public void writeJson(JsonGenerator gen) throws IOException {
    gen.writeStartObject();
    gen.writeNumberField("tick", tick);
    gen.writeStringField("agent", events.get(0).agent());
    Json.number(gen, "magnitude", totalMagnitude());
    gen.writeNumberField("count", events.size());
    gen.writeArrayFieldStart("agents");
    for (LossEvent event : events) {
      gen.writeStartObject();
      gen.writeStringField("agent", event.agent());
      Json.number(gen, "magnitude", event.magnitude());
      Json.nullableString(gen, "basin", event.basin());
      gen.writeEndObject();
    }
    gen.writeEndArray();
    gen.writeEndObject();
  }
}
