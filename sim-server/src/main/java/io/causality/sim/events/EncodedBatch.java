package io.causality.sim.events;

import io.causality.sim.core.events.EventBatch;
import io.causality.sim.core.events.EventId;
import io.causality.sim.engine.output.AgentSelection;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A published batch with its events encoded once per agent selection its streams asked for (a
 * {@code tick}'s agents differ between them; every other event is the same frame in each), shared
 * by every stream of the simulation, and the size of those encodings.
 */
record EncodedBatch(
    EventId follows,
    Map<AgentSelection, List<Frame>> frames,
    EventId until,
    boolean complete,
    Map<AgentSelection, Long> bytes) {
  static EncodedBatch of(EventBatch batch, Set<AgentSelection> selections) {
    Map<AgentSelection, List<Frame>> frames = new EnumMap<>(AgentSelection.class);
    Map<AgentSelection, Long> bytes = new EnumMap<>(AgentSelection.class);
    for (AgentSelection agents : selections) {
      List<Frame> encoded = batch.events().stream().map(e -> Frame.of(e, agents)).toList();
      frames.put(agents, encoded);
      bytes.put(agents, encoded.stream().mapToLong(frame -> frame.bytes().length).sum());
    }
    return new EncodedBatch(batch.follows(), frames, batch.until(), batch.complete(), bytes);
  }

  /** The frames of a stream that asked for {@code agents}. */
  List<Frame> frames(AgentSelection agents) {
    return frames.getOrDefault(agents, List.of());
  }

  /** Their size. */
  long bytes(AgentSelection agents) {
    return bytes.getOrDefault(agents, 0L);
  }

  /** What it costs a stream's buffer: its events, or one slot for an incomplete batch. */
  int weight(AgentSelection agents) {
    return complete ? frames(agents).size() : 1;
  }
}
