package io.causality.sim.engine.output;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.util.List;

/**
 * A prophecy made at the end of {@code tick} about ticks {@code tick+1 .. tick+horizon}. {@link
 * #writeJson} writes the API's Prophecy {@code data} (and the SSE {@code prophecy} data) in the
 * layout of engine version 1.0.0: {@code
 * {"engineVersion","seq","tick","from","to","horizon","depth","converged","predictedB",
 * "minPredictedB","losses":[{"agent","tick"}],"reacting":[ids],"levels":[{"level","losses",
 * "predictedB"}]}}.
 */
public record Prophecy(
    String engineVersion,
    int seq,
    long tick,
    int horizon,
    int depth,
    boolean converged,
    double predictedB,
    double minPredictedB,
    List<ForetoldLoss> losses,
    List<String> reacting,
    List<Level> levels)
    implements EngineEvent {
  public Prophecy {
    losses = List.copyOf(losses);
    reacting = List.copyOf(reacting);
    levels = List.copyOf(levels);
  }

  /** An agent foretold to be lost at {@code tick}. */
  public record ForetoldLoss(String agent, long tick) {}

  /** One level of the recursion: how many losses it foretold and the b it ended with. */
  public record Level(int level, int losses, double predictedB) {}

  @Override
  public String eventName() {
    return "prophecy";
  }

  @Override
  public void writeJson(JsonGenerator gen) throws IOException {
    gen.writeStartObject();
    gen.writeStringField("engineVersion", engineVersion);
    gen.writeNumberField("seq", seq);
    gen.writeNumberField("tick", tick);
    gen.writeNumberField("from", tick + 1);
    gen.writeNumberField("to", tick + horizon);
    gen.writeNumberField("horizon", horizon);
    gen.writeNumberField("depth", depth);
    gen.writeBooleanField("converged", converged);
    Json.number(gen, "predictedB", predictedB);
    Json.number(gen, "minPredictedB", minPredictedB);
    writeLosses(gen);
    Json.strings(gen, "reacting", reacting);
    writeLevels(gen);
    gen.writeEndObject();
  }

  private void writeLosses(JsonGenerator gen) throws IOException {
    gen.writeArrayFieldStart("losses");
    for (ForetoldLoss loss : losses) {
      gen.writeStartObject();
      gen.writeStringField("agent", loss.agent());
      gen.writeNumberField("tick", loss.tick());
      gen.writeEndObject();
    }
    gen.writeEndArray();
  }

  private void writeLevels(JsonGenerator gen) throws IOException {
    gen.writeArrayFieldStart("levels");
    for (Level level : levels) {
      gen.writeStartObject();
      gen.writeNumberField("level", level.level());
      gen.writeNumberField("losses", level.losses());
      Json.number(gen, "predictedB", level.predictedB());
      gen.writeEndObject();
    }
    gen.writeEndArray();
  }
}
