package io.causality.sim.engine.output;

/**
 * Receives what a simulation produces while it advances, so that a caller can stream a trace
 * without holding it. Per tick the order is: the {@code decree}/{@code policy} events of the inputs
 * applied, then {@link #onStep}, then loss events (agent order), the warning, paradoxes and, at the
 * end of a prophecy tick, the prophecy.
 */
public interface EngineListener {
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
