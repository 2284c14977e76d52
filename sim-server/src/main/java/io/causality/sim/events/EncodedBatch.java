package io.causality.sim.events;

import io.causality.sim.core.events.EventBatch;
import io.causality.sim.core.events.EventId;
import java.util.List;

/**
 * A published batch with its events encoded once, shared by every stream of the simulation, and the
 * size of those encodings.
 */
record EncodedBatch(
    EventId follows, List<Frame> frames, EventId until, boolean complete, long bytes) {
  static EncodedBatch of(EventBatch batch) {
    List<Frame> frames = batch.events().stream().map(Frame::of).toList();
    long bytes = frames.stream().mapToLong(frame -> frame.bytes().length).sum();
    return new EncodedBatch(batch.follows(), frames, batch.until(), batch.complete(), bytes);
  }

  /** What it costs a stream's buffer: its events, or one slot for an incomplete batch. */
  int weight() {
    return complete ? frames.size() : 1;
  }
}
