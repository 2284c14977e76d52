package io.causality.sim.events;

import io.causality.sim.core.events.EventBatch;
import io.causality.sim.core.events.EventId;
import io.causality.sim.engine.output.AgentSelection;
import java.util.List;

/**
 * A published batch with its events encoded for the streams that asked for one selection of agents
 * (a {@code tick}'s agents differ between selections; every other event is the same frame in each),
 * shared by those streams, and the size of the encoding.
 *
 * <p>Each selection has its own: a stream holds only the frames it sends, so a stream of changed
 * agents that falls behind never keeps alive the ticks of every agent that another stream asked for
 * (17.7 MB each at 100,000 agents), which its buffer would not count.
 */
record EncodedBatch(
    EventId follows, List<Frame> frames, EventId until, boolean complete, long bytes) {
  static EncodedBatch of(EventBatch batch, AgentSelection agents) {
    if (!batch.completeFor(agents)) {
      return new EncodedBatch(EventId.before(0), List.of(), batch.until(), false, 0);
    }
    List<Frame> frames = batch.events().stream().map(e -> Frame.of(e, agents)).toList();
    long bytes = frames.stream().mapToLong(frame -> frame.bytes().length).sum();
    return new EncodedBatch(batch.follows(), frames, batch.until(), true, bytes);
  }

  /** What it costs a stream's buffer: its events, or one slot for an incomplete batch. */
  int weight() {
    return complete ? frames.size() : 1;
  }
}
