package io.causality.sim.engine.output;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.util.List;

/**
 * The whole of a simulation at the end of {@code tick} (-1: before tick 0). JSON: {@code
 * {"tick","b","grid":{"width","height"},"agents":{"alive","held","straying","free",
 * "lost","removed"},"attractors":[...]}}.
 */
public record StateSnapshot(
    long tick,
    double b,
    double width,
    double height,
    int alive,
    int held,
    int straying,
    int free,
    int lost,
    int removed,
    List<AttractorState> attractors) {
  public StateSnapshot {
    attractors = List.copyOf(attractors);
  }

  public void writeJson(JsonGenerator gen) throws IOException {
    gen.writeStartObject();
    gen.writeNumberField("tick", tick);
    Json.number(gen, "b", b);
    gen.writeObjectFieldStart("grid");
    Json.number(gen, "width", width);
    Json.number(gen, "height", height);
    gen.writeEndObject();
    gen.writeObjectFieldStart("agents");
    gen.writeNumberField("alive", alive);
    gen.writeNumberField("held", held);
    gen.writeNumberField("straying", straying);
    gen.writeNumberField("free", free);
    gen.writeNumberField("lost", lost);
    gen.writeNumberField("removed", removed);
    gen.writeEndObject();
    gen.writeArrayFieldStart("attractors");
    for (AttractorState attractor : attractors) {
      attractor.writeJson(gen);
    }
    gen.writeEndArray();
    gen.writeEndObject();
  }
}
