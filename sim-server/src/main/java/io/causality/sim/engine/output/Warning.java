package io.causality.sim.engine.output;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * A step's {@code warning} and the SSE {@code warning} data: {@code {"tick","kinds":[...],"b",
 * "threshold","gammaFloor","agents":[...]}}. Kinds: {@code stability} (b fell below the threshold
 * this tick) and {@code gammaFloor} (the listed agents' gamma entered the margin above the floor
 * this tick).
 */
public record Warning(
    long tick,
    boolean stability,
    double b,
    double threshold,
    double gammaFloor,
    List<String> gammaAgents)
    implements EngineEvent {
  public Warning {
    gammaAgents = List.copyOf(gammaAgents);
  }

  public List<String> kinds() {
    List<String> kinds = new ArrayList<>(2);
    if (stability) {
      kinds.add("stability");
    }
    if (!gammaAgents.isEmpty()) {
      kinds.add("gammaFloor");
    }
    return kinds;
  }

  @Override
  public String eventName() {
    return "warning";
  }

  @Override
  public void writeJson(JsonGenerator gen) throws IOException {
    gen.writeStartObject();
    gen.writeNumberField("tick", tick);
    Json.strings(gen, "kinds", kinds());
    Json.number(gen, "b", b);
    Json.number(gen, "threshold", threshold);
    Json.number(gen, "gammaFloor", gammaFloor);
    Json.strings(gen, "agents", gammaAgents);
    gen.writeEndObject();
  }
}
