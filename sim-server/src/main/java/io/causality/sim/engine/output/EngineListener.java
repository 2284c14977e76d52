package io.causality.sim.engine.output;

import java.util.EnumSet;
import java.util.Set;

/**
 * Receives what a simulation produces while it advances, so that a caller can stream a trace
 * without holding it. Per tick the order is: the {@code decree}/{@code policy} events of the inputs
 * applied, then {@link #onStep}, then loss events (agent order), the warning, paradoxes and, at the
 * end of a prophecy tick, the prophecy.
 */
public interface EngineListener {
  /** What a listener that writes every agent wants. */
  Set<AgentSelection> ALL_AGENTS = Set.copyOf(EnumSet.of(AgentSelection.ALL));

  /** A listener that wants nothing: the fastest way to advance. */
  EngineListener NONE =
      new EngineListener() {
        @Override
        public boolean wantsSteps() {
          return false;
        }
      };

  /** When false the engine does not build {@link Step} objects at all. */
  default boolean wantsSteps() {
    return true;
  }

  /**
   * Which agent lists the steps must carry ({@link Step#agents}, {@link Step#changed}); asked
   * before every tick whose step is built. Every agent by default.
   */
  default Set<AgentSelection> agentsWanted() {
    return ALL_AGENTS;
  }

  default void onStep(Step step) {}

  default void onEvent(EngineEvent event) {}

  /** Tells every listener, in order; steps are built when any of them wants them. */
  static EngineListener all(EngineListener... listeners) {
    EngineListener[] copy = listeners.clone();
    return new EngineListener() {
      @Override
      public boolean wantsSteps() {
        for (EngineListener listener : copy) {
          if (listener.wantsSteps()) {
            return true;
          }
        }
        return false;
      }

      @Override
      public Set<AgentSelection> agentsWanted() {
        EnumSet<AgentSelection> wanted = EnumSet.noneOf(AgentSelection.class);
        for (EngineListener listener : copy) {
          if (listener.wantsSteps()) {
            wanted.addAll(listener.agentsWanted());
          }
        }
        return wanted;
      }

      @Override
      public void onStep(Step step) {
        for (EngineListener listener : copy) {
          if (listener.wantsSteps()) {
            listener.onStep(step);
          }
        }
      }

      @Override
      public void onEvent(EngineEvent event) {
        for (EngineListener listener : copy) {
          listener.onEvent(event);
        }
      }
    };
  }
}
