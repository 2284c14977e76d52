package io.causality.sim.events;

import io.causality.sim.core.events.EventId;
import io.causality.sim.core.events.SimulationEvent;
import io.causality.sim.engine.output.AgentSelection;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * One SSE event as it goes on the wire, {@code event:}, {@code id:}, {@code data:} lines and the
 * blank line, encoded once for every client of a simulation.
 */
record Frame(EventId id, byte[] bytes) {
  private static final byte[] DATA = "data: ".getBytes(StandardCharsets.US_ASCII);
  private static final byte[] DATA_EMPTY = "data:".getBytes(StandardCharsets.US_ASCII);
  private static final byte[] NEWLINE = {'\n'};

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
   * never dispatch the event. A tick of 100,000 agents is 17.7 MB of data: it is copied twice (to
   * UTF-8, then into the frame), not through a buffer that grows and is copied again.
   */
  static Frame of(String name, EventId id, String data) {
    List<byte[]> parts = new ArrayList<>();
    parts.add(("event: " + name + "\nid: " + id.wire() + "\n").getBytes(StandardCharsets.UTF_8));
    int from = 0;
    while (true) {
      int end = data.indexOf('\n', from);
      String line = data.substring(from, end < 0 ? data.length() : end);
      parts.add(line.isEmpty() ? DATA_EMPTY : DATA);
      if (!line.isEmpty()) {
        parts.add(line.getBytes(StandardCharsets.UTF_8));
      }
      parts.add(NEWLINE);
      if (end < 0) {
        break;
      }
      from = end + 1;
    }
    parts.add(NEWLINE);
    int length = 0;
    for (byte[] part : parts) {
      length += part.length;
    }
    byte[] bytes = new byte[length];
    int at = 0;
    for (byte[] part : parts) {
      System.arraycopy(part, 0, bytes, at, part.length);
      at += part.length;
    }
    return new Frame(id, bytes);
  }
}
