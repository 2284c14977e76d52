package io.causality.sim.engine.output;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;

/** An attractor in a state: its definition and how many agents its basin holds. */
public record AttractorState(
    String name, double x, double y, double strength, double radius, int held) {

  public void writeJson(JsonGenerator gen) throws IOException {
    gen.writeStartObject();
    gen.writeStringField("name", name);
    Json.number(gen, "x", x);
    Json.number(gen, "y", y);
    Json.number(gen, "strength", strength);
    Json.number(gen, "radius", radius);
    gen.writeNumberField("held", held);
    gen.writeEndObject();
  }
}
