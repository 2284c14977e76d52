package io.causality.sim.engine.core;

import io.causality.sim.engine.output.AgentSnapshot;
import io.causality.sim.engine.output.AttractorState;
import io.causality.sim.engine.output.StateCounts;
import io.causality.sim.engine.output.StateSnapshot;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/** Builds the immutable output views of a {@link World}; only called when someone wants them. */
final class Views {
  private static final String[] STATUS = {"free", "held", "straying", "lost", "removed"};

  private Views() {}

  static StateSnapshot state(World w) {
    StateCounts counts = counts(w);
    return new StateSnapshot(
        counts.tick(),
        counts.b(),
        w.width,
        w.height,
        counts.alive(),
        counts.held(),
        counts.straying(),
        counts.free(),
        counts.lost(),
        counts.removed(),
        attractors(w));
  }

  static StateCounts counts(World w) {
    int[] counts = new int[STATUS.length];
    for (int i = 0; i < w.n; i++) {
      counts[w.status[i]]++;
    }
    int alive = counts[World.FREE] + counts[World.HELD] + counts[World.STRAYING];
    return new StateCounts(
        w.nextTick - 1,
        w.b,
        alive,
        counts[World.HELD],
        counts[World.STRAYING],
        counts[World.FREE],
        counts[World.LOST],
        counts[World.REMOVED]);
  }

  static List<AttractorState> attractors(World w) {
    List<AttractorState> out = new ArrayList<>(w.attractorCount);
    for (int a = 0; a < w.attractorCount; a++) {
      out.add(
          new AttractorState(w.names[a], w.ax[a], w.ay[a], w.strength[a], w.radius[a], w.held[a]));
    }
    return out;
  }

  static List<AgentSnapshot> agents(World w) {
    List<AgentSnapshot> out = new ArrayList<>(w.n);
    for (int i = 0; i < w.n; i++) {
      out.add(agent(w, i));
    }
    return out;
  }

  /**
   * Every agent's status and basin at the start of a tick (before its inputs), so that the step can
   * list the agents whose status or basin changed during it. Arrays kept for the simulation's life:
   * recording costs one pass over the agents, no allocation after the first.
   */
  static final class Before {
    private byte[] status;
    private String[] basin;

    void record(World w) {
      if (status == null) {
        status = new byte[w.n];
        basin = new String[w.n];
      }
      System.arraycopy(w.status, 0, status, 0, w.n);
      for (int i = 0; i < w.n; i++) {
        basin[i] = basin(w, i);
      }
    }

    /** The agents whose status or basin differ from the recorded ones, in agent order. */
    List<AgentSnapshot> changed(World w) {
      List<AgentSnapshot> out = new ArrayList<>();
      for (int i = 0; i < w.n; i++) {
        if (w.status[i] != status[i] || !Objects.equals(basin(w, i), basin[i])) {
          out.add(agent(w, i));
        }
      }
      return out;
    }
  }

  /** The basin an agent shows: its holder (the last one when lost), none once removed. */
  private static String basin(World w, int i) {
    int h = w.holder[i];
    return h >= 0 && w.status[i] != World.REMOVED ? w.names[h] : null;
  }

  private static AgentSnapshot agent(World w, int i) {
    String basin = basin(w, i);
    return new AgentSnapshot(
        w.ids[i],
        w.x[i],
        w.y[i],
        w.vx[i],
        w.vy[i],
        STATUS[w.status[i]],
        basin,
        w.depth[i],
        w.lambda[i],
        w.gamma[i]);
  }
}
