package io.causality.sim.engine.output;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;

/**
 * One agent at one tick. JSON: {@code {"id", "state": {"x","y","vx","vy","status","basin",
 * "depth"}, "policy": {"lambda","gamma"}}}; status is free, held, straying, lost or removed.
 */
public record AgentSnapshot(
    String id,
    double x,
    double y,
    double vx,
    double vy,
    String status,
    String basin,
    double depth,
    double lambda,
    double gamma) {

  public void writeJson(JsonGenerator gen) throws IOException {
    gen.writeStartObject();
    gen.writeStringField("id", id);
    gen.writeObjectFieldStart("state");
    Json.number(gen, "x", x);
    Json.number(gen, "y", y);
    Json.number(gen, "vx", vx);
    Json.number(gen, "vy", vy);
    gen.writeStringField("status", status);
    Json.nullableString(gen, "basin", basin);
    Json.number(gen, "depth", depth);
    gen.writeEndObject();
    gen.writeObjectFieldStart("policy");
    Json.number(gen, "lambda", lambda);
    Json.number(gen, "gamma", gamma);
    gen.writeEndObject();
    gen.writeEndObject();
  }
}
