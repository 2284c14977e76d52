package io.causality.sim.events;

import io.causality.sim.core.events.EventId;
import io.causality.sim.core.events.SimulationEvent;
import io.causality.sim.engine.output.AgentSelection;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/**
 * One SSE event as it goes on the wire, {@code event:}, {@code id:}, {@code data:} lines and the
 * blank line, encoded once for every client of a simulation.
 */
record Frame(EventId id, byte[] bytes) {
  static Frame of(SimulationEvent event) {
    return of(event.name(), event.id(), event.data());
  }

  /** The event as a listener that asked for {@code agents} gets it. */
  static Frame of(SimulationEvent event, AgentSelection agents) {
    return of(event.name(), event.id(), event.data(agents));
  }

  /**
   * Names and ids are ours and hold no line break; data lines each get a {@code data:} line. Empty
   * data (a heartbeat) still gets its {@code data:} line: without it a browser's EventSource would
   * never dispatch the event.
   */
  static Frame of(String name, EventId id, String data) {
    ByteArrayOutputStream out = new ByteArrayOutputStream(data.length() + 48);
    line(out, "event: " + name);
    line(out, "id: " + id.wire());
    for (String dataLine : data.split("\n", -1)) {
      line(out, dataLine.isEmpty() ? "data:" : "data: " + dataLine);
    }
    out.write('\n');
    return new Frame(id, out.toByteArray());
  }

  private static void line(ByteArrayOutputStream out, String line) {
    out.writeBytes(line.getBytes(StandardCharsets.UTF_8));
    out.write('\n');
  }
}
