package io.causality.sim.engine.output;

import com.fasterxml.jackson.core.JsonGenerator;
import io.causality.sim.engine.json.Num;
import java.io.IOException;
import java.util.List;

/** Small writing helpers that keep every output number in the {@link Num} format. */
final class Json {
  private Json() {}

  static void number(JsonGenerator gen, String name, double value) throws IOException {
    gen.writeFieldName(name);
    gen.writeNumber(Num.format(value));
  }

  static void nullableString(JsonGenerator gen, String name, String value) throws IOException {
    if (value == null) {
      gen.writeNullField(name);
    } else {
      gen.writeStringField(name, value);
    }
  }

  static void strings(JsonGenerator gen, String name, List<String> values) throws IOException {
    gen.writeArrayFieldStart(name);
    for (String value : values) {
      gen.writeString(value);
    }
    gen.writeEndArray();
  }
}
