package io.causality.sim.events;

import io.causality.sim.core.EventBatch;
import io.causality.sim.core.EventId;
import java.util.List;

/** A published batch with its events encoded once, shared by every stream of the simulation. */
record EncodedBatch(EventId follows, List<Frame> frames, EventId until, boolean complete) {
  static EncodedBatch of(EventBatch batch) {
    return new EncodedBatch(
        batch.follows(),
        batch.events().stream().map(Frame::of).toList(),
        batch.until(),
        batch.complete());
  }

  /** What it costs a stream's buffer: its events, or one slot for an incomplete batch. */
  int weight() {
    return complete ? frames.size() : 1;
  }
}
