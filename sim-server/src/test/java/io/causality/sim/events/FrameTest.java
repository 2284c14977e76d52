package io.causality.sim.events;

import static org.assertj.core.api.Assertions.assertThat;

import io.causality.sim.core.events.EventId;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** An event's SSE lines, as the browser's EventSource parses them. */
class FrameTest {
  private static String wire(Frame frame) {
    return new String(frame.bytes(), StandardCharsets.UTF_8);
  }

  @Test
  void dataIsOneLineAfterTheNameAndTheId() {
    Frame frame = Frame.of("tick", new EventId(12, 3), "{\"t\":12,\"name\":\"région\"}");
    assertThat(wire(frame))
        .isEqualTo("event: tick\nid: 12-3\ndata: {\"t\":12,\"name\":\"région\"}\n\n");
    assertThat(frame.id()).isEqualTo(new EventId(12, 3));
  }

  @Test
  void eachLineOfDataGetsItsOwnDataLine() {
    assertThat(wire(Frame.of("error", new EventId(1, 0), "first\n\nlast")))
        .isEqualTo("event: error\nid: 1-0\ndata: first\ndata:\ndata: last\n\n");
  }

  @Test
  void emptyDataStillHasItsDataLine() {
    assertThat(wire(Frame.of("heartbeat", new EventId(0, 0), "")))
        .isEqualTo("event: heartbeat\nid: 0-0\ndata:\n\n");
  }
}
