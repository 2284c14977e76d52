package io.causality.sim.core;

import java.util.UUID;
import java.util.function.BooleanSupplier;

/**
 * Advances playing simulations in the background, at the configured base rate times their speed
 * (docs/simulations.md); the playback package schedules them.
 */
public interface Playback {
  /** One batch of a player: advances at most {@code ticks}; false when playing must stop. */
  @FunctionalInterface
  interface Batch {
    /**
     * @param current whether the player is still the simulation's current one; checked under the
     *     simulation's lock, so that a replaced player never advances it
     */
    boolean advance(int ticks, BooleanSupplier current);
  }

  /** Plays the simulation at {@code speed}, replacing its player if it has one. */
  void start(UUID simulationId, double speed, Batch batch);

  /** Stops the simulation's player, if it has one. */
  void stop(UUID simulationId);
}
