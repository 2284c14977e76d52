package io.causality.sim.api;

import com.fasterxml.jackson.annotation.JsonRawValue;
import com.fasterxml.jackson.annotation.JsonValue;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;

/**
 * JSON the engine wrote itself (a state, a prophecy), passed through to a response as it is: the
 * engine decides its byte-exact form, so the service never re-encodes it.
 */
public record RawJson(String json) {
  private static final JsonFactory FACTORY = new JsonFactory();

  /** Something that writes one JSON value to a generator. */
  @FunctionalInterface
  public interface Writer {
    void write(JsonGenerator gen) throws IOException;
  }

  public static RawJson of(Writer writer) {
    StringWriter out = new StringWriter();
    try (JsonGenerator gen = FACTORY.createGenerator(out)) {
      writer.write(gen);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return new RawJson(out.toString());
  }

  @JsonValue
  @JsonRawValue
  public String json() {
    return json;
  }
}
