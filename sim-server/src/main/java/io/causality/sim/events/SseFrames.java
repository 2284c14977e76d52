package io.causality.sim.events;

import java.io.IOException;
import java.io.OutputStream;
import java.util.List;

/**
 * Frames written to a client at once, as the data of one {@code OutboundSseEvent} that {@link
 * SseFrameWriter} writes verbatim: a batch of events costs one write and one flush per client
 * instead of one per event.
 */
record SseFrames(List<Frame> frames) {
  SseFrames {
    frames = List.copyOf(frames);
  }

  void writeTo(OutputStream out) throws IOException {
    for (Frame frame : frames) {
      out.write(frame.bytes());
    }
  }
}
