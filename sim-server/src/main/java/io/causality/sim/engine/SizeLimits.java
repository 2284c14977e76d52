package io.causality.sim.engine;

import java.util.Objects;

/**
 * How large one simulation may be: at most {@code agents} agents and {@code attractors} attractors
 * (also after attractor.add decrees). {@link #ENGINE} is the engine's own limit; a license allows
 * the same or less, and {@code source} names it in error messages ("the community license").
 */
public record SizeLimits(int agents, int attractors, String source) {
  /** The engine's hard limits ({@link EngineLimits}). */
  public static final SizeLimits ENGINE =
      new SizeLimits(EngineLimits.MAX_AGENTS, EngineLimits.MAX_ATTRACTORS, "the engine");

  public SizeLimits {
    if (agents < 1 || agents > EngineLimits.MAX_AGENTS) {
      throw new IllegalArgumentException("agents must be 1 to " + EngineLimits.MAX_AGENTS);
    }
    if (attractors < 0 || attractors > EngineLimits.MAX_ATTRACTORS) {
      throw new IllegalArgumentException("attractors must be 0 to " + EngineLimits.MAX_ATTRACTORS);
    }
    Objects.requireNonNull(source, "source");
  }

  /**
   * What an error message adds after a limit: nothing for the engine's, else which license set it,
   * so that a caller knows a larger tier allows more.
   */
  public String why() {
    return this.equals(ENGINE) ? "" : " (the limit of " + source + ")";
  }
}
