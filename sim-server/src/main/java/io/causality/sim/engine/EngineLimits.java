package io.causality.sim.engine;

/**
 * Hard limits on what one scenario may hold; every engine version enforces them. A license may
 * allow less ({@link SizeLimits}); the service checks the organization's tier within these.
 */
public final class EngineLimits {
  /** Most agents in one scenario. */
  public static final int MAX_AGENTS = 100_000;

  /** Most attractors at any time, in the scenario and after attractor.add decrees. */
  public static final int MAX_ATTRACTORS = 256;

  /** Largest grid side. */
  public static final double MAX_GRID_SIDE = 10_000;

  /** Longest agent id or attractor name. */
  public static final int MAX_NAME_LENGTH = 64;

  /** Largest lambda (chaos) accepted in a policy. */
  public static final double MAX_LAMBDA = 10;

  /** Largest attractor strength. */
  public static final double MAX_STRENGTH = 1_000;

  private EngineLimits() {}
}
