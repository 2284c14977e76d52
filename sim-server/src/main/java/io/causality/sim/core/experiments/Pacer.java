package io.causality.sim.core.experiments;

/**
 * Called by a run between slices of ticks, so that whoever runs experiments may hold them back
 * while interactive requests wait for the CPU ({@code experiments.InteractiveFirst}).
 */
@FunctionalInterface
public interface Pacer {
  /** A pacer that never holds a run back. */
  Pacer NONE = () -> {};

  /** May wait a little before the run goes on; never fails. */
  void pause();
}
