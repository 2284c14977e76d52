package io.causality.sim.core.events;

import io.causality.sim.engine.output.AgentSelection;
import java.util.EnumMap;
import java.util.Map;

/**
 * The size of the last tick a simulation's events were written with, per selection of agents: what
 * the next change's ticks will take, foreseen before any of them is written. Kept with the engine
 * instance, used under its simulation's lock.
 */
public final class TickSizes {
  /**
   * JSON bytes an agent takes in a tick before any tick of the simulation was written: the epidemic
   * domain's, the largest ({@code WorkingMemory.HEAP_PER_STREAMED_AGENT}).
   */
  static final int BYTES_PER_AGENT = 180;

  /** A tick's JSON besides its agents before any was written: b, the counts, the attractors. */
  static final int BYTES_BESIDES_AGENTS = 1024;

  private record Written(int agents, long bytes) {}

  private final Map<AgentSelection, Written> last = new EnumMap<>(AgentSelection.class);

  /** The bytes of a tick with {@code agents} of the {@code selection}. */
  long estimate(AgentSelection selection, int agents) {
    Written written = last.get(selection);
    if (written == null) {
      return (long) agents * BYTES_PER_AGENT + BYTES_BESIDES_AGENTS;
    }
    return written.agents() == 0
        ? written.bytes()
        : Math.max(1, written.bytes() * agents / written.agents());
  }

  void wrote(AgentSelection selection, int agents, long bytes) {
    last.put(selection, new Written(agents, bytes));
  }
}
