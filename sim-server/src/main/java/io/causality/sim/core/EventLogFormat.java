package io.causality.sim.core;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.io.SerializedString;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.causality.sim.core.events.SimulationEvent;
import java.io.Closeable;
import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;

/**
 * How an event log is written ({@link EventLog}): JSON {@code {"data":[{"id","event","data"}]}},
 * NDJSON (one such object per line), or CSV (docs/simulations.md, "Event log"). Each event's data
 * is written as the stream sent it, byte for byte; CSV adds columns for the members most events
 * have, with the whole data as JSON text in the last column.
 */
public enum EventLogFormat {
  JSON,
  NDJSON,
  CSV;

  /** Writes events as they come; closing ends the document. */
  public interface Writer extends Closeable {
    void write(SimulationEvent event) throws IOException;
  }

  private static final JsonFactory FACTORY = new JsonFactory();

  Writer writer(OutputStream out) throws IOException {
    return switch (this) {
      case JSON -> new JsonWriter(FACTORY.createGenerator(out), false);
      case NDJSON -> new JsonWriter(FACTORY.createGenerator(out), true);
      case CSV -> new CsvWriter(out);
    };
  }

  private static final class JsonWriter implements Writer {
    private final JsonGenerator gen;
    private final boolean lines;

    JsonWriter(JsonGenerator gen, boolean lines) throws IOException {
      this.gen = gen;
      this.lines = lines;
      if (lines) {
        gen.setRootValueSeparator(new SerializedString(""));
      } else {
        gen.writeStartObject();
        gen.writeArrayFieldStart("data");
      }
    }

    @Override
    public void write(SimulationEvent event) throws IOException {
      gen.writeStartObject();
      gen.writeStringField("id", event.id().wire());
      gen.writeStringField("event", event.name());
      gen.writeFieldName("data");
      gen.writeRawValue(event.data());
      gen.writeEndObject();
      if (lines) {
        gen.writeRaw('\n');
      }
    }

    @Override
    public void close() throws IOException {
      if (!lines) {
        gen.writeEndArray();
        gen.writeEndObject();
      }
      gen.close();
    }
  }

  /**
   * One line per event: its id, tick and name, the members below where the event has them (text,
   * numbers as written, {@code kinds} joined by spaces), then its whole data.
   */
  private static final class CsvWriter implements Writer {
    private static final List<String> TEXT =
        List.of("basin", "cause", "type", "phase", "status", "previous", "reason");
    private static final List<String> NUMBERS =
        List.of("magnitude", "b", "threshold", "foretoldTick", "seq", "predictedB");
    private static final List<String> COLUMNS = columns();

    /** Numbers kept as written: "0.25" stays "0.25", never "2.5E-1". */
    private static final ObjectMapper DATA =
        JsonMapper.builder()
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .nodeFactory(JsonNodeFactory.withExactBigDecimals(true))
            .build();

    private final CsvRows rows;

    CsvWriter(OutputStream out) throws IOException {
      this.rows = new CsvRows(out, COLUMNS);
    }

    private static List<String> columns() {
      List<String> columns = new ArrayList<>(List.of("eventId", "tick", "event", "agent"));
      columns.addAll(List.of("magnitude", "basin", "kinds", "b", "threshold", "foretoldTick"));
      columns.addAll(List.of("cause", "seq", "predictedB", "converged", "type", "phase"));
      columns.addAll(List.of("status", "previous", "reason", "data"));
      return List.copyOf(columns);
    }

    @Override
    public void write(SimulationEvent event) throws IOException {
      JsonNode data = DATA.readTree(event.data());
      rows.start();
      rows.text("eventId", event.id().wire());
      rows.number("tick", number(tickOf(event, data)));
      rows.text("event", event.name());
      rows.text("agent", text(data.has("agent") ? data.get("agent") : data.get("agentId")));
      for (String member : NUMBERS) {
        rows.number(member, number(data.get(member)));
      }
      for (String member : TEXT) {
        rows.text(member, text(data.get(member)));
      }
      rows.text("kinds", joined(data.get("kinds")));
      JsonNode converged = data.get("converged");
      rows.text("converged", converged == null ? null : converged.asText());
      rows.text("data", event.data());
      rows.end();
    }

    /** The tick the data names ({@code t} for a tick event), else the id's. */
    private static JsonNode tickOf(SimulationEvent event, JsonNode data) {
      JsonNode tick = data.has("tick") ? data.get("tick") : data.get("t");
      return tick != null && tick.isNumber()
          ? tick
          : JsonNodeFactory.instance.numberNode(event.id().tick());
    }

    private static String number(JsonNode node) {
      if (node == null || !node.isNumber()) {
        return null;
      }
      return node.isIntegralNumber() ? node.asText() : node.decimalValue().toPlainString();
    }

    private static String text(JsonNode node) {
      return node != null && node.isTextual() ? node.asText() : null;
    }

    private static String joined(JsonNode node) {
      if (node == null || !node.isArray()) {
        return null;
      }
      List<String> values = new ArrayList<>();
      node.forEach(value -> values.add(value.asText()));
      return String.join(" ", values);
    }

    @Override
    public void close() throws IOException {
      rows.close();
    }
  }
}
