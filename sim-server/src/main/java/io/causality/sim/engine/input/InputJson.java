package io.causality.sim.engine.input;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;

/**
 * The persisted form of a scheduled input, e.g. {@code
 * {"tick":12,"kind":"decree","type":"shock","payload":{"magnitude":2.0}}} or {@code
 * {"tick":40,"kind":"policy","agentId":"a1","gamma":0.5}}. Numbers keep full precision, so that
 * {@link InputParser#scheduled} gives back the same input and a replay is exact.
 */
public final class InputJson {
  private static final JsonFactory FACTORY = new JsonFactory();

  private InputJson() {}

  public static String write(ScheduledInput input) {
    StringWriter out = new StringWriter();
    try (JsonGenerator gen = FACTORY.createGenerator(out)) {
      write(gen, input);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toString();
  }

  public static void write(JsonGenerator gen, ScheduledInput input) throws IOException {
    gen.writeStartObject();
    gen.writeNumberField("tick", input.tick());
    input.input().writeFields(gen);
    gen.writeEndObject();
  }
}
